import { appConfigFrom } from './app-config';
import { buildEnv } from './build-env';

/** This build's configuration (VITE_* variables at build time, documented defaults otherwise). */
export const appConfig = appConfigFrom(buildEnv);
