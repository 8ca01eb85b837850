import type { BuildEnv } from './build-env';

/** Stand-in for build-env.ts under jest: nothing configured, so every default applies. */
export const buildEnv: BuildEnv = {};
