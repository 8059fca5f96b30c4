/**
 * Screenshots of every page, to LOOK at before closing a site change (issue 14): every route of
 * SPEC §2 (engine/site/routes.ts), a blog article, an unknown path (the 404), the template gallery
 * and the editor with a template open, at 1280×800 and at 390×844 (touch), in English, Chinese
 * (CJK) and German (long words; none of the 14 languages is right-to-left). Full-page PNGs go to
 * bench/out/screenshots/<lang>/<size>/<page>.png, and one side-by-side sheet per page and size
 * (en | zh | de) to bench/out/screenshots/sheets/, so a page's three languages are seen at once.
 *
 * Besides the pictures it prints, per page, what a machine can see: the page wider than the
 * screen, text cut off by its box, broken images, missing-key markers, "Coming soon", and English
 * left on a Chinese page (Latin words outside product names).
 *
 * Needs a running server with the production build (npx vite build first):
 *   node scripts/build-server.mjs && PORT=5405 DATA_DIR=.screens-data node build/server/main.js &
 *   node --import tsx bench/site/screenshots.ts [http://127.0.0.1:5405] [--only=/help,/tools]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ROUTES } from '../../engine/site/routes';
import { pageChecks, type PageProblems } from './screenshotChecks';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = path.join(root, 'bench', 'out', 'screenshots');
const base = process.argv.slice(2).find((arg) => arg.startsWith('http')) ?? `http://127.0.0.1:${process.env.PORT ?? 5405}`;
const only = process.argv
  .slice(2)
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

const LANGS = ['en', 'zh', 'de'] as const;
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, touch: true },
] as const;
/** Longest part of a page kept in a sheet (a long article is seen by its top and middle). */
const SHEET_MAX_HEIGHT = { desktop: 2400, phone: 3200 };

interface Shot {
  id: string;
  path: string;
  /** Done after the page loads (opening a template in the editor). */
  prepare?: (page: Page, lang: string) => Promise<void>;
}

const shots: Shot[] = [
  ...ROUTES.filter((route) => route.path !== '/admin/stats').map((route) => ({
    id: route.path === '/' ? 'home' : route.path.slice(1).replaceAll('/', '_'),
    path: route.path,
  })),
  { id: 'blog_article', path: '/blog/remove-background' },
  { id: 'unknown-path', path: '/no-such-page' },
  {
    id: 'editor-with-template',
    path: '/template',
    prepare: async (page: Page) => {
      await page.locator('[data-testid="template.helloWeekend"] button').click();
      await page.waitForURL(/\/create\/edit/, { timeout: 30_000 });
      await page.getByTestId('editor.shell').waitFor({ timeout: 30_000 });
    },
  },
  {
    id: 'editor-new-project',
    path: '/create',
    prepare: async (page: Page) => {
      await page.getByTestId('create.preset.square').click();
      await page.getByTestId('editor.shell').waitFor({ timeout: 30_000 });
      await page.getByTestId('tool.text').click();
    },
  },
].filter((shot) => !only || only.includes(shot.path) || only.includes(shot.id));

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const report: Array<{ shot: string; lang: string; size: string; problems: PageProblems }> = [];
try {
  for (const size of SIZES) {
    for (const lang of LANGS) {
      // One context per language and size: the consent choice is made once (the banner is checked on the home shot).
      const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.touch, isMobile: size.touch, deviceScaleFactor: 1 });
      // tsx keeps function names with a __name helper that the page does not have.
      await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
      for (const shot of shots) {
        const page = await context.newPage();
        const file = path.join(outDir, lang, size.name, `${shot.id}.png`);
        mkdirSync(path.dirname(file), { recursive: true });
        try {
          await page.goto(`${base}/${lang}${shot.path}`, { waitUntil: 'networkidle', timeout: 60_000 });
          // The home shot (the first) shows the cookie banner; the others are seen as after "Essential only".
          const banner = page.getByTestId('cookie.essential');
          if (shot.id !== 'home' && (await banner.isVisible())) await banner.click();
          if (shot.prepare) await shot.prepare(page, lang);
          // Lazy pictures load (scrolled through once, as a reader would), then fonts settle.
          await page.evaluate(async () => {
            for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
              window.scrollTo(0, y);
              await new Promise((resolve) => setTimeout(resolve, 60));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          // Unicode-range slices of a CJK face load as text asks for them: wait until none is loading.
          await page.evaluate(async () => {
            for (let round = 0; round < 10; round++) {
              await document.fonts.ready;
              await new Promise((resolve) => setTimeout(resolve, 300));
              if (![...document.fonts].some((face) => face.status === 'loading')) break;
            }
          });
          await page.waitForTimeout(300);
          const problems = await pageChecks(page, lang);
          report.push({ shot: shot.id, lang, size: size.name, problems });
          await page.screenshot({ path: file, fullPage: true });
        } catch (error) {
          console.log(`${lang} ${size.name} ${shot.id}: FAILED ${(error as Error).message.split('\n')[0]}`);
        } finally {
          await page.close();
        }
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}

// One sheet per page and size: en | zh | de side by side, tops aligned.
const sheetsDir = path.join(outDir, 'sheets');
mkdirSync(sheetsDir, { recursive: true });
for (const size of SIZES) {
  for (const shot of shots) {
    const parts = [];
    for (const lang of LANGS) {
      const file = path.join(outDir, lang, size.name, `${shot.id}.png`);
      const meta = await sharp(file)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) continue;
      const height = Math.min(meta.height, SHEET_MAX_HEIGHT[size.name]);
      parts.push({ buffer: await sharp(file).extract({ left: 0, top: 0, width: meta.width, height }).png().toBuffer(), width: meta.width, height });
    }
    if (!parts.length) continue;
    const gap = 16;
    const width = parts.reduce((sum, part) => sum + part.width, 0) + gap * (parts.length - 1);
    const height = Math.max(...parts.map((part) => part.height));
    let left = 0;
    const composite = parts.map((part) => {
      const at = { input: part.buffer, left, top: 0 };
      left += part.width + gap;
      return at;
    });
    await sharp({ create: { width, height, channels: 3, background: '#ff00ff' } })
      .composite(composite)
      .png()
      .toFile(path.join(sheetsDir, `${size.name}-${shot.id}.png`));
  }
}

let flagged = 0;
for (const { shot, lang, size, problems } of report) {
  const lines = Object.entries(problems).filter(([, list]) => list.length);
  if (!lines.length) continue;
  flagged++;
  console.log(`${lang} ${size} ${shot}:`);
  for (const [kind, list] of lines) console.log(`  ${kind}: ${list.slice(0, 6).join(' | ')}${list.length > 6 ? ` (+${list.length - 6})` : ''}`);
}
console.log(
  `${report.length} screenshots in ${path.relative(root, outDir)}, ${flagged} with something to look at; sheets in ${path.relative(root, sheetsDir)}`,
);
