/**
 * The generative tools against a ComfyUI-protocol test server (server/src/comfy/testing/fakeComfyServer.ts, a
 * stand-in for the GPU server that speaks ComfyUI's HTTP + WebSocket API and refuses any malformed workflow):
 * a Spanish prompt checked, translated, reviewed, submitted, generated with progress shown, shown and
 * downloaded; image-to-image; a clothes change; a colourisation. This spec runs its own app server with
 * COMFYUI_URL pointing at the test server, beside the shared one (which has none).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeComfy, type FakeComfy } from '../../server/src/comfy/testing/fakeComfyServer';
import { layerCount, topLayer } from '../helpers/editorPage';
import { OwnTestServer } from '../helpers/ownServer';

/** Its own port (E2E_GEN_PORT), by default the shared e2e server's plus 3000, away from the other specs' servers. */
const PORT = Number(process.env.E2E_GEN_PORT) || (Number(process.env.E2E_PORT) || 4180) + 3000;
const BASE = `http://127.0.0.1:${PORT}`;
const PHOTO = path.resolve('tests/assets/photos/astronaut.jpg');
const OLD_PHOTO = path.resolve('tests/assets/photos/chelsea.jpg');

let comfy: FakeComfy;
let server: OwnTestServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  comfy = await startFakeComfy();
  server = await OwnTestServer.start(PORT, { name: 'generative', env: { COMFYUI_URL: comfy.url } });
});

test.afterAll(async () => {
  await server?.dispose(test.info().status !== test.info().expectedStatus);
  await comfy?.close();
});

/** Every text input of the last workflow the test server accepted (prompts, file names, seeds…). */
function lastWorkflowText(): string {
  const last = comfy.prompts.at(-1);
  return last ? JSON.stringify(Object.values(last.workflow).map((node) => node.inputs)) : '';
}

async function expectResultShown(page: Page) {
  const result = page.getByTestId('gen.result').first();
  await expect(result).toBeVisible();
  await expect.poll(() => result.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
}

test('a Spanish prompt is translated, reviewed, generated with progress shown, and the picture downloads', async ({ page }) => {
  test.setTimeout(180_000);
  // Slow enough sampling that the progress bar is seen moving (20 steps × 400 ms).
  comfy.behave({ mode: 'ok', steps: 20, stepDelayMs: 400 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/es/ai-image-generator`);
  await expect(page.getByTestId('page.aiImageGenerator')).toBeVisible();
  // A configured server: no "not configured" notice.
  await expect(page.getByTestId('gen.cost')).toContainText('4');
  await expect(page.getByTestId('gen.notConfigured')).toHaveCount(0);
  await page.getByTestId('gen.style.watercolor').click();
  await page.getByTestId('gen.aspect.16:9').click();
  await page.getByTestId('gen.seed').fill('1234');
  await page.getByTestId('generate.prompt').fill('un gato negro en la nieve');
  await page.getByTestId('generate.submit').click();
  // Translated and shown before anything is generated.
  await expect(page.getByTestId('generate.translated')).toBeVisible();
  await expect(page.getByTestId('generate.translation')).toHaveValue(/cat/i);
  expect(comfy.prompts.length).toBe(before);
  await page.getByTestId('generate.useTranslation').click();
  // Progress: the stage in words and a bar that moves while the test server samples.
  const progress = page.getByTestId('gen.progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-stage', 'pollingResult');
  await expect.poll(async () => Number(await progress.getByRole('progressbar').getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(20);
  await expectResultShown(page);
  await expect(page.getByTestId('gen.seedUsed')).toContainText('1234');
  // The test server received one well-formed workflow (it refuses any other) with the English prompt, style and seed.
  expect(comfy.prompts.length).toBe(before + 1);
  const sent = lastWorkflowText();
  expect(sent).toMatch(/cat/i);
  expect(sent).toMatch(/snow/i);
  expect(sent).not.toMatch(/gato/);
  expect(sent).toContain('watercolour');
  expect(sent).toContain('1234');
  const download = page.waitForEvent('download');
  await page.getByTestId('gen.download.png').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  const saved = readFileSync(await file.path());
  expect(saved.subarray(1, 4).toString()).toBe('PNG');
});

test('two images in one run: two tasks, two pictures, each downloadable', async ({ page }) => {
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/en/ai-image-generator/create`);
  await page.getByTestId('gen.count').selectOption('2');
  await expect(page.getByTestId('gen.cost')).toContainText('8');
  await page.getByTestId('generate.prompt').fill('a lighthouse on a cliff at dawn');
  await page.getByTestId('generate.submit').click();
  await expect(page.getByTestId('gen.result')).toHaveCount(2);
  await expect(page.getByTestId('gen.download.png')).toHaveCount(2);
  expect(comfy.prompts.length).toBe(before + 2);
});

test('image-to-image: a photo and a change, made on the generation server', async ({ page }) => {
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/en/image-to-image-ai`);
  await page.getByTestId('gen.image.source.input').setInputFiles(PHOTO);
  await expect(page.getByTestId('gen.image.source.preview')).toBeVisible();
  await page.getByTestId('generate.prompt').fill('turn it into an oil painting');
  await page.getByTestId('generate.submit').click();
  await expectResultShown(page);
  expect(comfy.prompts.length).toBe(before + 1);
  expect(lastWorkflowText()).toContain('oil painting');
  // The photo itself went to the test server.
  expect(comfy.uploads.size).toBeGreaterThan(0);
});

test('clothes changer: a person and the new outfit described', async ({ page }) => {
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/en/ai-replace/ai-clothes-changer`);
  await expect(page.getByTestId('generate.submit')).toBeDisabled();
  await page.getByTestId('gen.image.photo.input').setInputFiles(PHOTO);
  await page.getByTestId('generate.prompt').fill('a red raincoat');
  await page.getByTestId('generate.submit').click();
  await expectResultShown(page);
  expect(comfy.prompts.length).toBe(before + 1);
  expect(lastWorkflowText()).toContain('red raincoat');
});

test('colourise an old photo, with a before/after comparison', async ({ page }) => {
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/en/tools/photo-colorizer`);
  await expect(page.getByTestId('gen.notConfigured')).toHaveCount(0);
  await page.getByTestId('gen.image.photo.input').setInputFiles(OLD_PHOTO);
  await page.getByTestId('colorize.submit').click();
  await expectResultShown(page);
  await expect(page.getByTestId('colorize.compare')).toBeVisible();
  expect(comfy.prompts.length).toBe(before + 1);
});

test('a run the generation server fails is said so, and Try again runs it again', async ({ page }) => {
  comfy.behave({ mode: 'error', steps: 2, stepDelayMs: 50 });
  await page.goto(`${BASE}/en/tools/photo-colorizer`);
  await page.getByTestId('gen.image.photo.input').setInputFiles(OLD_PHOTO);
  await page.getByTestId('colorize.submit').click();
  await expect(page.getByTestId('generate.error')).toBeVisible();
  await expect(page.getByTestId('gen.notConfigured')).toHaveCount(0);
  comfy.behave({ mode: 'ok' });
  await page.getByTestId('generate.retry').click();
  await expectResultShown(page);
});

test('AI background from a description: the product is cut out here, the scene generated around it', async ({ page }) => {
  test.setTimeout(180_000);
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  const before = comfy.prompts.length;
  await page.goto(`${BASE}/en/ai-background`);
  await page.getByTestId('aiBackground.source.prompt').click();
  await expect(page.getByTestId('gen.notConfigured')).toHaveCount(0);
  await page.getByTestId('gen.image.product.input').setInputFiles(path.resolve('tests/assets/photos/coffee.jpg'));
  await page.getByTestId('generate.prompt').fill('on a marble counter in a sunny kitchen');
  await page.getByTestId('generate.submit').click();
  await expectResultShown(page);
  expect(comfy.prompts.length).toBe(before + 1);
  expect(lastWorkflowText()).toContain('marble counter');
});

test('in the editor, AI background on a photo layer: a description, one undo step', async ({ page }) => {
  test.setTimeout(240_000);
  comfy.behave({ mode: 'ok', steps: 4, stepDelayMs: 50 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
  await page.goto(`${BASE}/en/create`);
  await page.getByTestId('create.preset.square').click();
  await expect(page.getByTestId('editor.shell')).toBeVisible();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(path.resolve('tests/assets/photos/coffee.jpg'));
  await expect.poll(() => layerCount(page)).toBe(2);
  const before = await topLayer(page);
  const sent = comfy.prompts.length;
  await page.getByTestId('ai.aibg.prompt').fill('a wooden table by a window');
  await page.getByTestId('ai.aibg.run').click();
  await expect.poll(async () => (await topLayer(page)).value, { timeout: 180_000 }).toMatchObject({ img: { name: 'coffee-ai-background.png' } });
  expect(comfy.prompts.length).toBe(sent + 1);
  expect(lastWorkflowText()).toContain('wooden table');
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).value).toEqual(before.value);
});
