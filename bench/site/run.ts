/**
 * First-load weight of the home page: serves dist/ with the server's own web-app routes (the same
 * static plugin and precompressed files as production), opens /en in headless Chromium and adds up
 * every JavaScript response: bytes over the wire (compressed) and after decompression. Budget:
 * 200 kB of JavaScript over the wire (issue 14). Run `npx vite build` first.
 *
 *   npm run bench:site            (home page)
 *   npm run bench:site -- /de/help /en/tools/background-remover
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { chromium } from '@playwright/test';
import { registerWebAppRoutes } from '../../server/src/routes/webAppRoutes';

const BUDGET_KB = 200;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('bench:site: dist/index.html is missing; run `npx vite build` first');
  process.exit(1);
}

const app = Fastify();
await registerWebAppRoutes(app, dist);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const pages = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const results: Array<{ page: string; files: number; wireKb: number; decodedKb: number }> = [];
try {
  for (const page of pages.length ? pages : ['/en']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const tab = await context.newPage();
    const scripts: Array<{ url: string; wire: number; decoded: number }> = [];
    tab.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const response = await request.response();
      const sizes = await request.sizes();
      scripts.push({ url: request.url(), wire: sizes.responseBodySize, decoded: (await response?.body())?.length ?? 0 });
    });
    await tab.goto(address + page, { waitUntil: 'networkidle' });
    await context.close();
    const wireKb = scripts.reduce((sum, s) => sum + s.wire, 0) / 1000;
    const decodedKb = scripts.reduce((sum, s) => sum + s.decoded, 0) / 1000;
    for (const s of scripts.sort((a, b) => b.wire - a.wire)) {
      console.log(`  ${(s.wire / 1000).toFixed(1).padStart(7)} kB wire ${(s.decoded / 1000).toFixed(1).padStart(7)} kB  ${new URL(s.url).pathname}`);
    }
    console.log(`${page}: ${scripts.length} JS files, ${wireKb.toFixed(1)} kB over the wire (budget ${BUDGET_KB} kB), ${decodedKb.toFixed(1)} kB decompressed`);
    results.push({ page, files: scripts.length, wireKb: Number(wireKb.toFixed(1)), decodedKb: Number(decodedKb.toFixed(1)) });
  }
} finally {
  await browser.close();
  await app.close();
}
console.log(`BENCH_JSON ${JSON.stringify({ budgetKb: BUDGET_KB, pages: results })}`);
process.exit(results.every((r) => r.wireKb < BUDGET_KB) ? 0 : 1);
