import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
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

/**
 * The README travels with the built web app (dist/README.md), so every self-hosted copy serves its operator's
 * guide ("Running ComfyUI") beside the app; the pages themselves link the rendered help answer (issue 29).
 * The dev server serves the root file itself.
 */
function readmeAsset(): Plugin {
  return {
    name: 'readme-asset',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'README.md', source: readFileSync('README.md', 'utf8') });
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), readmeAsset()],
  // Some canvas/WebGL libraries still read the Node `global`; browsers only have globalThis.
  define: { global: 'globalThis' },
  // gl-react's ndarray loader pulls in ndarray-ops, which generates code with Function() as it loads: the CSP
  // (no 'unsafe-eval') refuses it. The live preview uploads canvases only; see the stub for why it is safe.
  resolve: { alias: { 'ndarray-ops': fileURLToPath(new URL('./src/editor/scene/livePreview/ndarrayOpsStub.ts', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy },
  preview: { proxy },
});
