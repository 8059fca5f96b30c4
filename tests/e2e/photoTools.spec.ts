/**
 * The photo tools in Chromium against the real server and models, each on a real photo: the result's
 * pixels are checked, not only that a file came back.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';

const photo = (name: string) => path.resolve(`tests/assets/photos/${name}.jpg`);

async function downloadPng(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download.png').click()]);
  const body = await readFile((await download.path())!);
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));
  return { width: info.width, height: info.height, at };
}

/** Mean absolute difference between horizontally neighbouring pixels in a region: the detail left. */
async function detail(file: string | { width: number; at(x: number, y: number): number[] }, x0: number, y0: number, w: number, h: number) {
  const img = typeof file === 'string'
    ? await (async () => {
      const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return { width: info.width, at: (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)) };
    })()
    : file;
  let sum = 0;
  let n = 0;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w - 1; x++) {
      const a = img.at(x, y);
      const b = img.at(x + 1, y);
      sum += Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
      n++;
    }
  }
  return sum / n;
}

test('photo enhancer: 2× makes a photo twice as large', async ({ page }, info) => {
  const small = info.outputPath('small.png');
  await sharp(photo('coffee')).resize(160, 107).png().toFile(small);
  await page.goto('/en/tools/photo-enhancer');
  await page.getByTestId('upload.input').setInputFiles(small);
  await page.getByTestId('enhancer.scale.2').click();
  await page.getByTestId('enhancer.start').click();
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
  const out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([320, 214]);
});

test('background blur: the background loses its detail, the subject keeps it', async ({ page }) => {
  await page.goto('/en/tools/blur-background');
  await page.getByTestId('upload.input').setInputFiles(photo('astronaut'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
  const out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([512, 512]);
  // The top-left corner behind the astronaut is background; her face is subject.
  expect(await detail(out, 10, 10, 60, 60)).toBeLessThan((await detail(photo('astronaut'), 10, 10, 60, 60)) * 0.7);
  expect(await detail(out, 200, 80, 50, 40)).toBeGreaterThan((await detail(photo('astronaut'), 200, 80, 50, 40)) * 0.85);
});

test('image extender: 16:9 frame, the photo kept, the border filled', async ({ page }) => {
  await page.goto('/en/tools/ai-image-extender');
  await page.getByTestId('upload.input').setInputFiles(photo('chelsea'));
  await page.getByTestId('extender.ratio.16:9').click();
  await page.getByTestId('extender.run').click();
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 120_000 });
  const out = await downloadPng(page);
  expect(Math.abs(out.width / out.height - 16 / 9)).toBeLessThan(0.01);
  expect(out.height).toBe(300);
  // The left border is new: filled with colours, not left black or transparent.
  const border = out.at(5, 150);
  expect(border[3]).toBe(255);
  expect(border[0] + border[1] + border[2]).toBeGreaterThan(30);
});

test('background changer: the subject on a chosen colour; another colour re-runs on the same photo', async ({ page }) => {
  await page.goto('/en/tools/background-changer');
  await page.getByTestId('changebg.type.color').click();
  await page.getByTestId('changebg.color.hex').fill('#1E90FF');
  await page.getByTestId('upload.input').setInputFiles(photo('astronaut'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
  let out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([512, 512]);
  expect(out.at(10, 10)).toEqual([0x1e, 0x90, 0xff, 255]);
  const face = out.at(220, 90);
  expect(face[0]).toBeGreaterThan(150); // the astronaut's face, not blue
  await page.getByTestId('changebg.color.hex').fill('#FFD700');
  await expect.poll(async () => (await downloadPng(page)).at(10, 10), { timeout: 90_000 }).toEqual([0xff, 0xd7, 0x00, 255]);
  out = await downloadPng(page);
  expect(out.at(220, 90)[0]).toBeGreaterThan(150);
});

test('magic eraser: a painted stroke is filled, the rest of the photo is left as it was', async ({ page }) => {
  await page.goto('/en/tools/magic-eraser-with-ai-detection');
  await page.getByTestId('upload.input').setInputFiles(photo('coffee'));
  const canvas = page.getByTestId('mask.canvas');
  await expect(canvas).toBeVisible();
  const box = (await canvas.boundingBox())!;
  // A short horizontal stroke across the middle of the photo (600×400 shown at box size).
  const y = box.y + box.height * 0.5;
  await page.mouse.move(box.x + box.width * 0.45, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.55, y, { steps: 5 });
  await page.mouse.up();
  await page.getByTestId('eraser.erase').click();
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 120_000 });
  const out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([600, 400]);
  const { data } = await sharp(photo('coffee')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const original = (x: number, y2: number) => Array.from(data.subarray((y2 * 600 + x) * 4, (y2 * 600 + x) * 4 + 3));
  const diff = (x: number, y2: number) => out.at(x, y2).slice(0, 3).reduce((s, v, i) => s + Math.abs(v - original(x, y2)[i]), 0);
  // Far from the stroke: identical up to encoding; on the stroke: changed.
  expect(diff(30, 30)).toBeLessThan(6);
  expect(diff(570, 370)).toBeLessThan(6);
  let changed = 0;
  for (let x = 280; x < 320; x += 4) if (diff(x, 200) > 12) changed++;
  expect(changed).toBeGreaterThan(3);
});

test('a finished photo opens in the editor as a design project, listed under My projects', async ({ page }) => {
  await page.goto('/en/tools/blur-background');
  await page.getByTestId('upload.input').setInputFiles(photo('astronaut'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 90_000 });
  await page.getByTestId('result.openInEditor').click();
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=PROJ_/);
  const pid = new URL(page.url()).searchParams.get('pid')!;
  await expect(page.getByTestId('layers.panel').getByRole('option')).toHaveCount(2);
  await page.goto('/en/project');
  await expect(page.getByTestId(`projects.item.${pid}`)).toBeVisible();
});
