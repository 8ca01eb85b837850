import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress-plugin';
import { stripDefaultMessages } from './strip-default-messages-plugin';

/**
 * The composition root serves dist/ at `/` and the API under /api on the same origin.
 * Production builds (`vite build`, the default mode) publish no source maps; a development build
 * (`vite build --mode development`) has them, and the shop serves them only in development.
 * Every built script, style and page gets a .br and a .gz beside it (precompress-plugin.ts), which the
 * shop serves by Accept-Encoding. Production builds leave the messages' English defaults out of the
 * browser's scripts (strip-default-messages-plugin.ts).
 *
 * `vite build --ssr` (the build script's second step) writes the server bundle, dist-server/entry-server.js,
 * with which the API process renders the public pages (services: platform/http/rendered-pages.ts). It
 * carries its dependencies (`noExternal`), so it needs none of web's packages where it runs.
 */
export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), stripDefaultMessages(), precompress()],
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, sourcemap: false }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: mode !== 'production' },
  ssr: { noExternal: true },
  // React and the rest read NODE_ENV at run time in a server bundle: fixed at build time, as in the browser's
  define: isSsrBuild
    ? { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') }
    : {},
  // its Node entry requires every language's names by a computed path, which a bundle cannot follow;
  // the browser entry (the SPA's) registers only the ones contracts/src/reference/countries.ts imports
  resolve: isSsrBuild
    ? { alias: [{ find: /^i18n-iso-countries$/, replacement: 'i18n-iso-countries/index.js' }] }
    : {},
  server: {
    proxy: {
      '/api': { target: process.env.ALPENPASS_API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
}));
