import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the API in production (WEB_DIST); in development Vite proxies /api to it.
// The Host header is kept (no changeOrigin) so the API's same-origin check accepts the proxied requests.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
});
