import type { Plugin } from 'vite';

const messageFile = /\/web\/src\/.*messages\.ts$/;
const defaultMessage = /\bdefaultMessage:\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\$]|\\.)*`)\s*,?/g;

/**
 * Takes the English `defaultMessage` texts out of the SPA's message declarations in a production
 * build: the page shows the active locale's catalogue (complete in de, en and fr, as
 * i18n/catalogues.dom.test.ts checks), so these texts are bytes every visitor downloads and never
 * sees. The jest tests read the sources and keep them. A declaration this rule cannot read (a text
 * built from parts) fails the build instead of shipping half-stripped.
 */
export function stripDefaultMessages(): Plugin {
  return {
    name: 'alpenpass-strip-default-messages',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    transform(code, id) {
      if (!messageFile.test(id)) return null;
      const stripped = code.replace(defaultMessage, '');
      if (/\bdefaultMessage\b/.test(stripped))
        this.error(`${id}: a defaultMessage that is not one string literal`);
      return { code: stripped, map: null };
    },
  };
}
