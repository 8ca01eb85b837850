import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress-plugin';
import { stripDefaultMessages } from './strip-default-messages-plugin';

/**
 * The composition root serves dist/ at `/` and the API under /api on the same origin.
 * Production builds (`vite build`, the default mode) publish no source maps; a development build
 * (`vite build --mode development`) has them, and the shop serves them only in development.
 * Every built script, style and page gets a .br and a .gz beside it (precompress-plugin.ts), which the
 * shop serves by Accept-Encoding. Production builds leave the messages' English defaults out
 * (strip-default-messages-plugin.ts).
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), stripDefaultMessages(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: mode !== 'production' },
  server: {
    proxy: {
      '/api': { target: process.env.ALPENPASS_API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
}));
