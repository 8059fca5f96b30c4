/**
 * What the browser benches share: the production build (made when missing or BENCH_BUILD=1), the
 * server on the embedded defaults in a throwaway data folder, and Debian's Chromium, headless.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

export interface BenchSession {
  baseUrl: string;
  browser: Browser;
  /** A page with the test handle on (window.__editor, __stage, __exportProject, __effects). */
  newPage(viewport: { width: number; height: number }, deviceId: string): Promise<Page>;
  close(): Promise<void>;
}

async function waitForHealth(baseUrl: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error('the server did not start');
}

/** Starts the server on `port` (avoid fetch's blocked ports such as 4190) and Chromium. */
export async function startBenchSession(port: number): Promise<BenchSession> {
  if (!existsSync('dist/index.html') || process.env.BENCH_BUILD === '1') execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lumacut-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', WORKERS: '0' },
    stdio: ['ignore', process.env.BENCH_VERBOSE ? 'inherit' : 'ignore', 'inherit'],
  });
  await waitForHealth(baseUrl, server);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  return {
    baseUrl,
    browser,
    async newPage(viewport, deviceId) {
      const page = await browser.newPage({ viewport });
      // tsx compiles page functions with esbuild's keepNames, which wraps inner functions in __name().
      await page.addInitScript('globalThis.__name = (fn) => fn;');
      await page.addInitScript((id) => {
        localStorage.setItem('deviceId', id);
        localStorage.setItem('lumacut.testHandle', '1');
      }, deviceId);
      return page;
    },
    async close() {
      await browser.close();
      server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
