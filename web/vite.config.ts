import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The composition root serves dist/ at `/` and the API under /api on the same origin. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    proxy: { '/api': { target: process.env.ALPENPASS_API_ORIGIN ?? 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
