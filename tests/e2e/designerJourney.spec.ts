/**
 * Issue 14's whole journey, as a new visitor makes it with no typed URL: the home page, the header's
 * Create link, a template, a photo cropped and cut out in the editor, a shape and a Chinese text, an
 * export, and the design in My projects with its thumbnail. Real server, real model, production build.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { layerCount, projectThumbnailWidth, screenCentre, topLayer } from '../helpers/editorPage';

const PHOTO = path.resolve('tests/assets/photos/coffee.jpg');

test.use({ viewport: { width: 1280, height: 800 } });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
});

test('from the home page to an exported design in My projects: template, crop, cut-out, shape, Chinese text', async ({ page }) => {
  test.setTimeout(300_000);
  // Home → header "Create" → "Templates" → a template: no URL typed after the first.
  await page.goto('/');
  await expect(page).toHaveURL(/\/en$/);
  await page.getByTestId('nav.create').click();
  await expect(page.getByTestId('page.create')).toBeVisible();
  await page.getByTestId('create.templates').click();
  await expect(page.getByTestId('page.template')).toBeVisible();
  await page.getByTestId('template.helloWeekend').getByRole('button').click();
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=PROJ_/);
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  const pid = new URL(page.url()).searchParams.get('pid')!;
  const fromTemplate = await layerCount(page);
  expect(fromTemplate).toBeGreaterThan(1);

  // A photo, cropped to a square: one undo step's worth of change, the picture now 1:1.
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(() => layerCount(page)).toBe(fromTemplate + 1);
  await page.getByTestId('props.crop').click();
  await page.getByTestId('crop.ratio.1:1').click();
  await page.getByTestId('crop.apply').click();
  await expect
    .poll(async () => {
      const { rect } = await topLayer(page);
      return Math.abs(rect.w - rect.h);
    })
    .toBeLessThan(1);

  // Its background removed in the editor by the real model.
  await page.getByTestId('ai.removebg').click();
  await expect.poll(async () => (await topLayer(page)).valueSource, { timeout: 180_000 }).toBe('gpuResult');

  // A rectangle, then a text typed in Chinese, which takes the bundled Noto Sans SC.
  await page.getByTestId('tool.shapes').click();
  await page.getByTestId('shape.add.rect').click();
  await expect.poll(() => layerCount(page)).toBe(fromTemplate + 2);
  expect(await topLayer(page)).toMatchObject({ valueType: 'shape' });
  await page.getByTestId('tool.text').click();
  await expect.poll(() => layerCount(page)).toBe(fromTemplate + 3);
  const textId = (await topLayer(page)).layerId;
  const at = await screenCentre(page, textId);
  await page.mouse.dblclick(at.x, at.y);
  const box = page.getByTestId('text-editor');
  await box.fill('周末快乐');
  await box.press('Control+Enter');
  await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ text: { text: '周末快乐', fontName: 'NotoSansSC' } });

  // Export a PNG. The template's script font is a PRO font: the visitor removes the pro items and exports.
  await page.getByTestId('toolbar.export').click();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export.png').click();
  const proDialog = page.getByTestId('pro.dialog');
  const first = await Promise.race([
    downloading.then(() => 'download'),
    proDialog.waitFor({ state: 'visible' }).then(
      () => 'pro',
      () => 'none',
    ),
  ]);
  if (first === 'pro') {
    await expect(page.getByTestId('pro.items')).toContainText('Pacifico');
    await page.getByTestId('pro.remove').click();
  }
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.png$/);
  const meta = await sharp(await readFile((await download.path())!)).metadata();
  expect(meta.width).toBeGreaterThan(0);
  expect(meta.width).toBe(meta.height); // the template's square canvas

  // The design is in My projects with a real thumbnail.
  await page
    .waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/${pid}/thumbnail`), { timeout: 60_000 })
    .catch(() => undefined);
  await page.getByTestId('toolbar.back').click();
  await expect(page).toHaveURL(/\/en\/project/);
  await expect.poll(() => projectThumbnailWidth(page, pid), { timeout: 90_000 }).toBeGreaterThan(0);
});
