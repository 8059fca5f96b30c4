/**
 * Text and seal extraction in Chromium against the real server and PP-OCRv4: a real photo with English and
 * Chinese lines drawn in Noto fonts, reached from the Tools menu; the lines must appear boxed over the photo
 * and copy to the clipboard; a stamped contract's seal comes out with its ring text read exactly.
 */
import { writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { japaneseFixtures, SEAL_RING_TEXT, sealDocument, textFixtures } from '../../server/src/models/ocr/ocrFixtures.testkit';
import { expectStyledSelect } from '../helpers/styledSelect';

test('text extraction: lines of a photo are listed, boxed and copied', async ({ page, context }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const [coffee] = await textFixtures();
  const file = info.outputPath('coffee-text.jpg');
  await writeFile(file, coffee.image);

  await page.goto('/en/tools');
  await page.locator('main a[href="/en/tools/text-extractor"]').first().click();
  await expect(page.getByTestId('page.textExtractor')).toBeVisible();
  await page.getByTestId('upload.input').setInputFiles(file);
  await expect(page.getByTestId('extract.result')).toBeVisible({ timeout: 90_000 });

  const lines = page.getByTestId('extract.line');
  await expect(lines.filter({ hasText: '欢迎光临本店，今日特价' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Fresh coffee roasted daily' })).toHaveCount(1);
  const count = await lines.count();
  expect(count).toBeGreaterThanOrEqual(4);
  await expect(page.getByTestId('extract.box')).toHaveCount(count);

  await page.getByTestId('extract.copyAll').click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('北京市朝阳区建国路88号');
  expect(copied.split('\n')).toHaveLength(count);
});

test('text extraction in Japanese: a Japanese page offers Japanese first; switching the language reads the photo again', async ({ page }, info) => {
  const [, chelsea] = await japaneseFixtures();
  const file = info.outputPath('chelsea-ja.jpg');
  await writeFile(file, chelsea.image);
  await page.goto('/ja/tools/text-extractor');
  await expect(page.getByTestId('extract.script.ja')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('upload.input').setInputFiles(file);
  const lines = page.getByTestId('extract.line');
  await expect(lines.filter({ hasText: 'お問い合わせはこちら' })).toHaveCount(1, { timeout: 90_000 });
  // The Chinese recogniser has no kana: the same line is gone once the user switches to it.
  const resubmit = page.waitForResponse((r) => r.url().includes('/api/task/textExtract') && !r.url().includes('/status') && r.request().method() === 'POST');
  await page.getByTestId('extract.script.zh').click();
  await expect(page.getByTestId('extract.script.zh')).toHaveAttribute('aria-checked', 'true');
  expect((await resubmit).request().postDataJSON()).toMatchObject({ script: 'zh' });
  await expect(page.getByTestId('extract.result')).toBeVisible({ timeout: 90_000 });
  await expect(lines.first()).toBeVisible();
  await expect(lines.filter({ hasText: 'お問い合わせはこちら' })).toHaveCount(0);
});

test('seal extraction: the seal of a stamped contract, with its ring text', async ({ page }, info) => {
  const file = info.outputPath('contract.jpg');
  await writeFile(file, await sealDocument());
  await page.goto('/en/tools/text-extractor');
  await page.getByTestId('extract.mode.seal').click();
  await page.getByTestId('upload.input').setInputFiles(file);
  await expect(page.getByTestId('extract.seal')).toHaveCount(1, { timeout: 90_000 });
  await expect(page.getByTestId('extract.sealRing')).toHaveText(SEAL_RING_TEXT);
  await expect(page.getByTestId('extract.sealDownload')).toHaveAttribute('href', /^data:image\/png;base64,/);
});

test('AI background: the product is recognised from a 256 px ZIP, and the user can change it', async ({ page }) => {
  await page.goto('/en/ai-background');
  await page.getByTestId('upload.input').setInputFiles('tests/assets/photos/coffee.jpg');
  const category = page.getByTestId('product.category');
  // CenterNet sees a cup over the cut-out: kitchen and tableware.
  await expect(category).toHaveValue('kitchen', { timeout: 90_000 });
  await expect(page.getByTestId('product.label')).toHaveAttribute('data-recognising', 'false');
  // The app's select, not the browser's unstyled one (issue 29 item 12).
  await expectStyledSelect(category);
  const suggested = page.getByTestId('aiBackground.product').getByTestId('changebg.library');
  await expect(suggested.getByTestId('changebg.bg.scene-tiled-kitchen')).toBeVisible();
  await category.selectOption('electronics');
  await expect(suggested.getByTestId('changebg.bg.scene-dark-podium')).toBeVisible();
  await expect(suggested.getByTestId('changebg.bg.scene-tiled-kitchen')).toHaveCount(0);
});

test('editor: the AI background step names the product of the photo on the canvas', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await expect(page.getByTestId('editor.shell')).toBeVisible();
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles('tests/assets/photos/coffee.jpg');
  const step = page.getByTestId('ai.product');
  await step.locator('summary').click();
  await expect(step.getByTestId('product.category')).toHaveValue('kitchen', { timeout: 90_000 });
  await step.getByTestId('product.category').selectOption('food');
  await expect(step.getByTestId('product.category')).toHaveValue('food');
});
