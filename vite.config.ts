import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vitePrecompress';

/** The Fastify server (server/) answers the API and serves stored files. */
const API_TARGET = 'http://127.0.0.1:8080';

// Keep the browser's Host header (changeOrigin: false; Vite's string shorthand would set it to true):
// the server builds absolute file URLs from it, and they must point back at this dev origin, not at :8080,
// or the browser refuses to read them (no CORS there).
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  ['/api', '/files', '/raw', '/img', '/fonts', '/stickers'].map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react(), precompress()],
  // Some canvas/WebGL libraries still read the Node `global`; browsers only have globalThis.
  define: { global: 'globalThis' },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});
