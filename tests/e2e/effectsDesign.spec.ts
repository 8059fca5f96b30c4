/**
 * Effects end to end: a filter, an adjustment, a blend mode, an outline and a shadow applied to a photo
 * layer through the adjust panel, exported as PNG, and compared with a reference computed in Node by the
 * engine's own CPU functions (the formulas the shaders are tested against) on the same photo.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Project } from '../../engine/doc/types';
import { defaultAdjustParams } from '../../engine/doc/defaults';
import { applyAdjustments } from '../../engine/effects/cpuAdjust';
import { applyFilter } from '../../engine/effects/filters';
import { blendImages } from '../../engine/effects/blendModes';

const PHOTO = path.resolve('tests/assets/photos/coffee.jpg'); // 600×400
const RECT = { x: 240, y: 300, w: 600, h: 400 };
const BG = '#C8E0FFFF';

const project = (page: Page) => page.evaluate(() => window.__editor!.getProject()) as Promise<Project>;
const photoLayer = async (page: Page) => (await project(page)).layers[1];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
});

test('a filter, an adjustment, Multiply, an outline and a shadow on a photo export as the reference says', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(async () => (await project(page)).layers.length).toBe(2);
  const layerId = (await photoLayer(page)).layerId;
  await page.evaluate(
    ([id, rect, bg]) => {
      const editor = window.__editor!;
      editor.mark('layout');
      editor.updateLayers([
        { layerId: id, rect: { ...rect, angle: 0 } },
        { layerId: 'bgLayer', value: { valueType: 'color', color: { color: bg } } },
      ]);
      editor.select([id]);
    },
    [layerId, RECT, BG] as const,
  );

  const panel = page.getByTestId('effects.layer');
  // Filter "Slide Film" at 80 %.
  await panel.getByTestId('effects.kind.filter').click();
  await panel.getByTestId('effects.filter.category.Film').click();
  await panel.getByTestId('effects.filter.filmSlide').click();
  await panel.getByTestId('effects.filter.strength').fill('80');
  // Brightness +20.
  await panel.getByTestId('effects.kind.adjust').click();
  await panel.getByTestId('effects.adjust.brightness').fill('20');
  // Multiply.
  await panel.getByTestId('effects.kind.blendMode').click();
  await panel.getByTestId('effects.blend').selectOption('Multiply');
  // A solid outline and a shadow.
  await panel.getByTestId('effects.kind.outline').click();
  await panel.getByTestId('effects.outline.type.1').click();
  await panel.getByTestId('effects.shadow.enabled').click();
  await expect
    .poll(async () => {
      const layer = await photoLayer(page);
      return [
        layer.filterParams?.uid,
        layer.filterParams?.strength,
        layer.adjustParams?.brightness,
        layer.blendParams?.mode,
        layer.outlineParams?.type,
        layer.shadowParams?.enabled,
      ];
    })
    .toEqual(['filmSlide', 80, 20, 'Multiply', 1, true]);
  // A shadow well to the bottom right, so it shows beyond the outline.
  await page.evaluate((id) => {
    const editor = window.__editor!;
    const layer = editor.getLayer(id)!;
    editor.updateLayers([{ layerId: id, shadowParams: { ...layer.shadowParams!, xOffset: 20, yOffset: 20, blur: 10, opacity: 80, color: '#000000FF' } }]);
  }, layerId);
  const layer = await photoLayer(page);

  await page.getByTestId('toolbar.export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.png').click()]);
  if (process.env.FX_DUMP) await sharp(await readFile((await download.path())!)).toFile(process.env.FX_DUMP);
  const { data: out, info } = await sharp(await readFile((await download.path())!))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([1080, 1080]);
  const at = (x: number, y: number) => Array.from(out.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4));

  // Reference: the photo through the same filter and adjustment (engine CPU code), multiplied onto the background.
  const photo = await sharp(PHOTO).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(photo.data), width: photo.info.width, height: photo.info.height };
  const filtered = { ...image, data: applyFilter(image, layer.filterParams!) };
  const adjusted = applyAdjustments(filtered, { ...defaultAdjustParams(), ...layer.adjustParams! }, { layerWidth: RECT.w });
  const background = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < background.length; i += 4) background.set([0xc8, 0xe0, 0xff, 255], i);
  const expected = blendImages(background, adjusted, 'Multiply', 1);

  // The photo blends onto everything beneath it, its own shadow included (as layer effects do in Photoshop),
  // so the reference holds where the shadow (about 50 px to the bottom right) does not reach: the top and
  // left strips of the photo. Mean error small, no pixel far off.
  let total = 0;
  let worst = 0;
  let count = 0;
  for (let y = 4; y < RECT.h - 4; y += 3) {
    for (let x = 4; x < RECT.w - 4; x += 3) {
      if (x >= 30 && y >= 30) continue;
      const got = at(RECT.x + x, RECT.y + y);
      const i = (y * RECT.w + x) * 4;
      for (let c = 0; c < 3; c++) {
        const diff = Math.abs(got[c] - expected[i + c]);
        total += diff;
        worst = Math.max(worst, diff);
        count++;
      }
    }
  }
  expect(total / count, 'mean channel error inside the photo').toBeLessThan(4);
  expect(worst, 'worst channel error inside the photo').toBeLessThan(40);
  // Over its shadow, the multiplied photo is darker than over the plain background.
  const centre = at(RECT.x + RECT.w / 2 + 150, RECT.y + RECT.h / 2);
  const centreRef = ((RECT.h / 2) * RECT.w + RECT.w / 2 + 150) * 4;
  expect(centre[0] + centre[1] + centre[2]).toBeLessThan(expected[centreRef] + expected[centreRef + 1] + expected[centreRef + 2] - 30);

  // The white outline hugs the photo's edge (outside it); further out, on the top left, only background.
  const outline = at(RECT.x - 6, RECT.y + RECT.h / 2);
  expect(Math.min(outline[0], outline[1], outline[2])).toBeGreaterThan(235);
  const far = at(RECT.x - 60, RECT.y - 60);
  expect(far.slice(0, 3)).toEqual([0xc8, 0xe0, 0xff]);
  // The shadow falls to the bottom right (positive offsets), beyond the outline: darker than the background.
  const shadow = at(RECT.x + RECT.w + 30, RECT.y + RECT.h + 30);
  expect(shadow[0] + shadow[1] + shadow[2]).toBeLessThan(0xc8 + 0xe0 + 0xff - 60);
});

test('an adjustment of 0 leaves the photo bit for bit; hold-to-compare shows it without effects', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(async () => (await project(page)).layers.length).toBe(2);
  const exportPixels = () =>
    page.evaluate(async () => {
      const editor = window.__editor!;
      const blob = await window.__exportProject!(editor.getProject(), editor.assets, { format: 'png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      return Array.from(ctx.getImageData(300, 400, 200, 1).data);
    });
  // What the live canvas shows, read once it has held still for a moment.
  const stagePicture = async () => {
    let last = '';
    for (;;) {
      const now = await page.evaluate(() => window.__stage!.toDataURL({ pixelRatio: 1 }));
      if (now === last) return now;
      last = now;
      await page.waitForTimeout(400);
    }
  };
  const plain = await exportPixels();
  const plainStage = await stagePicture();
  const panel = page.getByTestId('effects.layer');
  await panel.getByTestId('effects.kind.adjust').click();
  await panel.getByTestId('effects.adjust.contrast').fill('40');
  await expect.poll(exportPixels).not.toEqual(plain);
  const contrastStage = await stagePicture();
  expect(contrastStage).not.toEqual(plainStage);

  // Holding Compare shows the photo as it was; letting go shows the effect again. Nothing is written.
  const documentBefore = await page.evaluate(() => window.__editor!.getProject());
  await page.getByTestId('effects.compare').hover();
  await page.mouse.down();
  await expect(page.getByTestId('effects.compare')).toHaveAttribute('aria-pressed', 'true');
  expect(await stagePicture()).toEqual(plainStage);
  await page.mouse.up();
  await expect(page.getByTestId('effects.compare')).toHaveAttribute('aria-pressed', 'false');
  expect(await stagePicture()).toEqual(contrastStage);
  expect(await page.evaluate(() => window.__editor!.getProject())).toEqual(documentBefore);
  await panel.getByTestId('effects.adjust.contrast').fill('0');
  await expect.poll(async () => (await photoLayer(page)).adjustParams?.contrast).toBe(0);
  expect(await exportPixels()).toEqual(plain);
});
