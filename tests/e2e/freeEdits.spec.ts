import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { OwnTestServer } from '../helpers/ownServer';
import { balance } from '../helpers/credits';

/**
 * Issue 29, items 1 and 2: after the first result, option changes are free re-composites of the cached cut-out
 * (ten background colours and a blur strength cost nothing and upload nothing again), and a refused task (1010103)
 * leaves the result on the page with its downloads and one message, the credits dialog. This spec runs its own
 * server with an allowance of two credits a day, so the balance moves only where a credit is spent.
 */
const PORT = (Number(process.env.E2E_PORT) || 4180) + 2;
const BASE = `http://127.0.0.1:${PORT}`;
const photo = (name: string) => path.resolve(`tests/assets/photos/${name}.jpg`);

let server: OwnTestServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await OwnTestServer.start(PORT, { name: 'free-edits', env: { FREE_DAILY_CREDITS: '2' } });
});

test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
});

async function downloadPng(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download.png').click()]);
  const { data, info } = await sharp(await readFile((await download.path())!))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 3)),
  };
}

const hex = (rgb: number[]) =>
  `#${rgb
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;

test('ten background colours and a blur strength after the first result cost nothing; a refused new photo leaves the result and its downloads', async ({
  page,
}) => {
  test.setTimeout(900_000);
  const submits: string[] = [];
  let uploads = 0;
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() !== 'POST') return;
    if (/^\/api\/task\/\w+$/.test(pathname)) submits.push(pathname);
    if (pathname === '/api/upload') uploads++;
  });

  await page.goto(`${BASE}/en/tools/background-changer`);
  // The page says beforehand what costs a credit.
  await expect(page.getByTestId('tool.costNote')).toContainText('A new photo costs 1 credit');
  await page.getByTestId('upload.input').setInputFiles(photo('astronaut'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 300_000 });
  expect(await balance(page)).toBe(1);

  // Ten colours from the palette: each one is a new result on the same photo, none of them paid or uploaded.
  const swatches = page.locator('[data-testid^="changebg.palette."]');
  const colours: string[] = [];
  for (let i = 0; i < 10; i++) {
    const swatch = swatches.nth(i * 2);
    colours.push(`#${(await swatch.getAttribute('data-testid'))!.split('.').at(-1)}`);
    const before = await page.getByTestId('result.image').getAttribute('src');
    await swatch.click();
    await expect(page.getByTestId('result.image')).not.toHaveAttribute('src', before!, { timeout: 120_000 });
  }
  expect(submits.filter((p) => p === '/api/task/changebg')).toHaveLength(11);
  expect(uploads).toBe(1);
  expect(await balance(page)).toBe(1);
  // The download is the last colour's composite at the photo's full size.
  const out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([512, 512]);
  expect(hex(out.at(10, 10))).toBe(colours.at(-1));

  // The blur: the first photo costs the last credit, a new strength is free.
  await page.goto(`${BASE}/en/tools/blur-background`);
  await expect(page.getByTestId('tool.costNote')).toBeVisible();
  await page.getByTestId('upload.input').setInputFiles(photo('astronaut'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 300_000 });
  expect(await balance(page)).toBe(0);
  const blurred = await page.getByTestId('result.image').getAttribute('src');
  await page.getByTestId('bgblur.strength').fill('90');
  await expect(page.getByTestId('result.image')).not.toHaveAttribute('src', blurred!, { timeout: 120_000 });
  expect(await balance(page)).toBe(0);
  const kept = await page.getByTestId('result.image').getAttribute('src');

  // Out of credits: a new photo is refused (1010103). The credits dialog is the one message; the result stays.
  await page.getByTestId('upload.input').setInputFiles(photo('dog'));
  await expect(page.getByTestId('credits.dialog')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('credits.close').click();
  await expect(page.getByTestId('result.image')).toHaveAttribute('src', kept!);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expect(page.getByTestId('task.error')).toHaveCount(0);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  const still = await downloadPng(page);
  expect([still.width, still.height]).toEqual([512, 512]);
  // And a new strength on the photo on screen is still free.
  await page.getByTestId('bgblur.strength').fill('30');
  await expect(page.getByTestId('result.image')).not.toHaveAttribute('src', kept!, { timeout: 120_000 });
  expect(await balance(page)).toBe(0);
});
