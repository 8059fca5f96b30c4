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
  const img =
    typeof file === 'string'
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

// Its tests are independent (each its own page on the shared server): they spread over both workers, so
// this long file does not make the end-to-end phase wait on one worker.
test.describe.configure({ mode: 'parallel' });
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
  // No seam step at the photo's border (issue 15): the gradient energy across the left and right edges of the
  // 451 px wide photo (centred: x 41..491) is not far above the energy one pixel inside and one outside.
  // Measured: G'MIC before issue 15 ≈ 3.0 on chelsea (bench/tools/extend.ts), the blended fill well below 2.
  const e = (x0: number, x1: number, y: number) => {
    const a = out.at(x0, y);
    const b = out.at(x1, y);
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) / 3;
  };
  let across = 0;
  let beside = 0;
  for (let y = 0; y < 300; y++) {
    across += e(41, 40, y) + e(491, 492, y);
    beside += (e(41, 42, y) + e(40, 39, y) + e(491, 490, y) + e(492, 493, y)) / 2;
  }
  expect(across / beside).toBeLessThan(2);
  // The same over bands, where a fade of a few pixels cannot hide a step (bench/tools/extendMeasures.ts): per 16 rows,
  // the mean colour of the 16 border columns next to the photo against the photo's 16 columns next to them, compared
  // with the photo's own step between its first and second 16 columns; and the border's texture (gradient energy of
  // its 16 columns next to the photo) against the photo's: a flat grey border has almost none.
  const mean = (x0: number, y0: number) => {
    const m = [0, 0, 0];
    for (let y = y0; y < y0 + 16; y++) for (let x = x0; x < x0 + 16; x++) for (let k = 0; k < 3; k++) m[k] += out.at(x, y)[k] / 256;
    return m;
  };
  const dist = (p: number[], q: number[]) => Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
  const grad = (x0: number) => {
    let g = 0;
    for (let y = 0; y < 299; y++) {
      for (let x = x0; x < x0 + 16; x++) g += e(x, x + 1, y) + dist(out.at(x, y), out.at(x, y + 1)) ** 2 / 3;
    }
    return g;
  };
  let step = 0;
  let own = 0;
  for (let y0 = 0; y0 + 16 <= 300; y0 += 16) {
    step += dist(mean(25, y0), mean(41, y0)) + dist(mean(492, y0), mean(476, y0));
    own += dist(mean(41, y0), mean(57, y0)) + dist(mean(476, y0), mean(460, y0));
  }
  expect(step / own).toBeLessThan(1.5);
  const texture = (grad(25) + grad(492)) / (grad(41) + grad(476));
  expect(texture).toBeGreaterThan(0.3);
  expect(texture).toBeLessThan(3);
});

test('text removal: a caption with outlined letters goes, with no smudged band where the letters were', async ({ page }, info) => {
  const clean = await sharp(photo('chelsea')).removeAlpha().png().toBuffer();
  const text = (opacity: number) =>
    Buffer.from(
      '<svg width="451" height="300" xmlns="http://www.w3.org/2000/svg">' +
        `<text x="30" y="210" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#ffffff" fill-opacity="${opacity}" ` +
        `stroke="#101010" stroke-width="2" stroke-opacity="${opacity}">© PHOTOSTOCK</text></svg>`,
    );
  const markedFile = info.outputPath('marked.png');
  await sharp(clean)
    .composite([{ input: text(0.85) }])
    .png()
    .toFile(markedFile);
  const ink = await sharp(text(1)).ensureAlpha().extractChannel(3).raw().toBuffer();
  // The band: every pixel within 4 px of a glyph (the glyphs included), where a smudge or a halo would show.
  const band = new Uint8Array(451 * 300);
  for (let y = 0; y < 300; y++)
    for (let x = 0; x < 451; x++) {
      if (ink[y * 451 + x] < 16) continue;
      for (let dy = -4; dy <= 4; dy++)
        for (let dx = -4; dx <= 4; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < 451 && ny < 300) band[ny * 451 + nx] = 1;
        }
    }
  const cleanPx = await sharp(clean).raw().toBuffer();
  const markedPx = await sharp(markedFile).removeAlpha().raw().toBuffer();
  const bandError = (px: (i: number) => number[]) => {
    let abs = 0;
    let signed = 0;
    let n = 0;
    for (let i = 0; i < band.length; i++) {
      if (!band[i]) continue;
      const v = px(i);
      for (let k = 0; k < 3; k++) {
        abs += Math.abs(v[k] - cleanPx[i * 3 + k]);
        signed += v[k] - cleanPx[i * 3 + k];
      }
      n += 3;
    }
    return { abs: abs / n, signed: signed / n };
  };

  await page.goto('/en/tools/magic-eraser-with-ai-detection');
  await page.getByTestId('eraser.mode.text').click();
  await page.getByTestId('upload.input').setInputFiles(markedFile);
  await page.getByTestId('eraser.erase').click();
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 120_000 });
  const out = await downloadPng(page);
  expect([out.width, out.height]).toEqual([451, 300]);
  const before = bandError((i) => Array.from(markedPx.subarray(i * 3, i * 3 + 3)));
  const after = bandError((i) => out.at(i % 451, Math.floor(i / 451)).slice(0, 3));
  // The letters are gone: the band is far closer to the clean photo than the marked one was...
  expect(after.abs).toBeLessThan(before.abs * 0.5);
  // ...and no lighter (or darker) band is left where the white letters and their outline were.
  expect(Math.abs(after.signed)).toBeLessThan(8);
  // Far from the caption the photo is untouched (up to PNG round trips: exact).
  expect(out.at(400, 30).slice(0, 3)).toEqual(Array.from(cleanPx.subarray((30 * 451 + 400) * 3, (30 * 451 + 400) * 3 + 3)));
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
  // Below the mask toolbar the photo starts low on a 720 px high window: scrolled to, as a user would.
  await canvas.scrollIntoViewIfNeeded();
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
  const diff = (x: number, y2: number) =>
    out
      .at(x, y2)
      .slice(0, 3)
      .reduce((s, v, i) => s + Math.abs(v - original(x, y2)[i]), 0);
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
