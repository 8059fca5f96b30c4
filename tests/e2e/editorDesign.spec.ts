/**
 * The canvas editor end to end, on the production build and the real server: build a design with a
 * photo, a curved text in a premium font, a sticker and a colourful text; undo and redo; autosave;
 * reload; reopen from the project list; export a PNG and check its pixels against the layout.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInWithCode } from '../helpers/emailCode';
import { screenCentre } from '../helpers/editorPage';
import type { Project } from '../../engine/doc/types';

const PHOTO = path.resolve('tests/assets/photos/coffee.jpg');
const BG = { r: 0x20, g: 0x40, b: 0xc0 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
});

const project = (page: Page) => page.evaluate(() => window.__editor!.getProject()) as Promise<Project>;
const layerCount = async (page: Page) => (await project(page)).layers.length;
const topLayerId = async (page: Page) => (await project(page)).layers.at(-1)!.layerId;

/** Where a layer's node is on screen (centre), from the live Konva stage. */
/**
 * Signs this browser up (code from the shared e2e server's outbox: it has no SMTP) and buys the
 * monthly plan with the local test provider, so pro items may be exported (SPEC §6). The device id
 * goes along, so the design moves to the account like on a real sign-in.
 */
async function subscribe(page: Page) {
  const email = `designer-${Date.now()}@example.org`;
  const token = await signInWithCode(page, email);
  await page.evaluate(async (sessionToken) => {
    const checkout = await fetch('/api/purchase/checkout', {
      method: 'POST',
      body: JSON.stringify({ productId: 'monthly' }),
      headers: { 'content-type': 'application/json', 'x-device-id': localStorage.getItem('deviceId') ?? '', 'x-auth-token': sessionToken },
    }).then((r) => r.json());
    await fetch(`${new URL(checkout.data.url).pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
  }, token);
}

/** RGBA at document coordinates, read back from the live stage with stage.toCanvas(). */
async function stagePixel(page: Page, x: number, y: number) {
  return page.evaluate(
    ([docX, docY]) => {
      const stage = window.__stage!;
      const bg = stage.findOne('#bgLayer')!;
      const point = bg.getAbsoluteTransform().point({ x: docX, y: docY });
      const canvas = stage.toCanvas({ pixelRatio: 1 });
      const [r, g, b, a] = canvas.getContext('2d')!.getImageData(Math.round(point.x), Math.round(point.y), 1, 1).data;
      return { r, g, b, a };
    },
    [x, y],
  );
}

async function pngPixels(body: Buffer) {
  const { data, info } = await sharp(body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 4;
    return { r: data[i], g: data[i + 1], b: data[i + 2], a: data[i + 3] };
  };
  return { width: info.width, height: info.height, at };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, tolerance: number) =>
  Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;

test('builds a layered design, undoes and redoes, autosaves, reopens and exports the expected PNG', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=PROJ_/);
  await expect(page.getByTestId('editor.shell')).toBeVisible();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  const pid = new URL(page.url()).searchParams.get('pid')!;

  // Background colour through the hex field.
  await page.getByTestId('tool.background').click();
  const hex = page.getByTestId('background.color.hex');
  await hex.fill('#2040C0');
  await hex.press('Enter');
  await expect.poll(async () => (await project(page)).layers[0].value).toMatchObject({ valueType: 'color', color: { color: '#2040C0FF' } });

  // A photo, uploaded.
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(() => layerCount(page)).toBe(2);
  const imageId = await topLayerId(page);

  // A sticker from the library.
  await page.getByTestId('tool.stickers').click();
  await page.getByTestId('sticker-twemoji-1f600').click();
  await expect.poll(() => layerCount(page)).toBe(3);
  const stickerId = await topLayerId(page);

  // A text, edited in place, set in a premium font and curved.
  await page.getByTestId('tool.text').click();
  await expect.poll(() => layerCount(page)).toBe(4);
  const textId = await topLayerId(page);
  await page.mouse.dblclick(...(Object.values(await screenCentre(page, textId)) as [number, number]));
  const editorBox = page.getByTestId('text-editor');
  await expect(editorBox).toBeVisible();
  await editorBox.fill('Summer sale');
  await editorBox.press('Control+Enter');
  await expect.poll(async () => (await project(page)).layers[3].value).toMatchObject({ text: { text: 'Summer sale' } });
  await page.getByTestId('props.font').click();
  await page.getByTestId('font-picker').getByRole('searchbox').fill('Pacifico');
  await page.getByTestId('font-option-Pacifico').click();
  await page.getByTestId('props.text.curve').fill('60');
  await expect
    .poll(async () => (await project(page)).layers[3])
    .toMatchObject({
      resNeedPro: true,
      value: { text: { fontName: 'Pacifico', curve: 60 } },
    });

  // A colourful text style.
  await page.getByTestId('tool.colorful').click();
  await page.getByTestId('colorful-comic-pop').click();
  await expect.poll(() => layerCount(page)).toBe(5);
  const colorfulId = await topLayerId(page);

  // Lay the four out in quadrants (one undo step, as a command would).
  await page.evaluate(
    ([image, sticker, text, colorful]) => {
      const editor = window.__editor!;
      editor.mark('layout');
      editor.updateLayers([
        { layerId: image, rect: { x: 20, y: 20, w: 500, h: 500, angle: 0 } },
        { layerId: sticker, rect: { x: 640, y: 80, w: 360, h: 360, angle: 0 } },
        { layerId: text, rect: { ...editor.getLayer(text)!.rect, x: 40, y: 620, angle: 0 } },
        { layerId: colorful, rect: { ...editor.getLayer(colorful)!.rect, x: 560, y: 640, angle: 0 } },
      ]);
    },
    [imageId, stickerId, textId, colorfulId],
  );
  const designed = await project(page);

  // The live scene shows the sticker (yellow face) and, once hidden in the layers panel, the background there.
  await expect.poll(async () => near(await stagePixel(page, 820, 200), BG, 30)).toBe(false);
  await page.getByTestId(`layers.visibility.${stickerId}`).click();
  await expect.poll(async () => near(await stagePixel(page, 820, 200), BG, 6)).toBe(true);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await project(page)).layers[2].visible).toBe(true);

  // Undo three steps (layout, colourful text, curve), then redo them: the same document comes back.
  for (let i = 0; i < 3; i++) await page.getByTestId('toolbar.undo').click();
  await expect.poll(() => layerCount(page)).toBe(4);
  expect((await project(page)).layers[3].value).toMatchObject({ text: { curve: 0 } });
  for (let i = 0; i < 3; i++) await page.keyboard.press('Control+Shift+Z');
  await expect.poll(() => project(page)).toEqual(designed);

  // Autosave, then a reload shows the same design.
  await expect(page.getByTestId('save.status')).toHaveAttribute('data-status', 'saved', { timeout: 20_000 });
  await page.reload();
  await page.waitForFunction(() => !!window.__editor);
  expect(await project(page)).toEqual({ ...designed, name: expect.any(String) });

  // Reopen it from the project list.
  await page.goto('/en/project');
  const card = page.getByTestId(`projects.item.${pid}`);
  await expect(card).toBeVisible();
  await card.getByTestId('projects.open').click();
  await page.waitForFunction(() => !!window.__editor && window.__editor.getProject().layers.length === 5);

  // The PRO font and the pro style need a subscription to export: the export names them and stops.
  await page.getByTestId('toolbar.export').click();
  await page.getByTestId('export.png').click();
  await expect(page.getByTestId('pro.dialog')).toBeVisible();
  await expect(page.getByTestId('pro.items')).toContainText('Pacifico');
  await page.getByTestId('pro.dialog').getByRole('button', { name: 'Close' }).click();
  await subscribe(page);

  // Export a PNG at exportW×exportH and check the layout in its pixels.
  await page.getByTestId('toolbar.export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.png').click()]);
  // Named after the project, not a timestamp.
  expect(download.suggestedFilename()).toBe(`${(await project(page)).name}.png`);
  const png = await pngPixels(await readFile((await download.path())!));
  expect([png.width, png.height]).toEqual([1080, 1080]);
  expect(near(png.at(1060, 1060), BG, 2)).toBe(true); // an empty corner shows the background
  expect(near(png.at(600, 560), BG, 2)).toBe(true); // and so does the gap between the quadrants
  // The photo is drawn into its 500×500 box at (20, 20): sample a 5×5 grid against the photo scaled the same way.
  const photo = await sharp(PHOTO).resize(500, 500, { fit: 'fill' }).raw().toBuffer();
  for (let gy = 1; gy <= 5; gy++) {
    for (let gx = 1; gx <= 5; gx++) {
      const [x, y] = [gx * 80, gy * 80];
      const i = (y * 500 + x) * 3;
      expect(near(png.at(20 + x, 20 + y), { r: photo[i], g: photo[i + 1], b: photo[i + 2] }, 40), `photo pixel ${x},${y}`).toBe(true);
    }
  }
  // The sticker's yellow face in the top right quadrant.
  const face = png.at(820, 200);
  expect(face.r).toBeGreaterThan(200);
  expect(face.g).toBeGreaterThan(150);
  expect(face.b).toBeLessThan(120);
  // Something other than background is drawn where the curved text and the colourful text are.
  const drawn = (x0: number, y0: number, x1: number, y1: number) => {
    let count = 0;
    for (let y = y0; y < y1; y += 4) for (let x = x0; x < x1; x += 4) if (!near(png.at(x, y), BG, 12)) count++;
    return count;
  };
  expect(drawn(40, 620, 520, 1060)).toBeGreaterThan(50);
  expect(drawn(560, 640, 1060, 1060)).toBeGreaterThan(50);

  // "Original picture" gives back the uploaded photo byte for byte (raw download).
  await page.getByTestId(`layers.item.${imageId}`).click();
  await page.getByTestId('toolbar.export').click();
  const [raw] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.raw').click()]);
  expect(raw.suggestedFilename()).toBe('coffee.jpg');
  expect(Buffer.compare(await readFile((await raw.path())!), await readFile(PHOTO))).toBe(0);
});

test('a damaged project file gets a clear error and nothing else changes', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.import.input').setInputFiles({ name: 'design.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  await expect(page.getByTestId('create.import.error')).toBeVisible();
  await expect(page.getByTestId('create.import.error')).not.toBeEmpty();
  await expect(page).toHaveURL(/\/en\/create$/);
});

test('keyboard: nudge, delete and undo on the canvas', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await page.getByTestId('tool.stickers').click();
  await page.getByTestId('sticker-twemoji-1f600').click();
  await expect.poll(() => layerCount(page)).toBe(2);
  const id = await topLayerId(page);
  const before = (await project(page)).layers[1].rect;
  await page.getByTestId('canvas-stage').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  await expect.poll(async () => (await project(page)).layers[1].rect).toMatchObject({ x: before.x + 1, y: before.y + 10 });
  await page.keyboard.press('Delete');
  await expect.poll(() => layerCount(page)).toBe(1);
  await page.keyboard.press('Control+Z');
  await expect.poll(() => layerCount(page)).toBe(2);
  expect((await project(page)).layers[1].layerId).toBe(id);
  await expect(page.getByTestId(`layers.item.${id}`)).toBeVisible();
});

test('a project file with an unknown layer and a missing image still opens, says what was left out, and keeps the rest', async ({ page }) => {
  const { default: JSZip } = await import('jszip');
  const { createProject, createStickerLayer, createTextLayer, createImageLayer } = await import('../../engine/doc/factories');
  const base = createProject({ type: 'project', canvasW: 800, canvasH: 600, name: 'Damaged' });
  const text = createTextLayer({ text: 'Still here', canvasW: 800, canvasH: 600 });
  const sticker = createStickerLayer({
    resId: 'twemoji-1f600',
    uri: '/stickers/1f600.svg',
    naturalW: 36,
    naturalH: 36,
    canvasW: 800,
    canvasH: 600,
    resNeedPro: false,
  });
  const missing = createImageLayer({ uri: `asset:${'ab'.repeat(32)}`, name: 'gone', naturalW: 100, naturalH: 100, canvasW: 800, canvasH: 600 });
  const alien = { ...text, layerId: 'L_video', valueType: 'video', value: { valueType: 'video' } };
  const doc = { ...base, layers: [...base.layers, text, alien, sticker, missing].map((layer, index) => ({ ...layer, index })) };
  const zip = new JSZip();
  zip.file('project.json', JSON.stringify(doc));
  const buffer = Buffer.from(await zip.generateAsync({ type: 'uint8array' }));

  await page.goto('/en/create');
  await page.getByTestId('create.import.input').setInputFiles({ name: 'damaged.zip', mimeType: 'application/zip', buffer });
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=PROJ_/);
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  await expect(
    page
      .getByRole('status')
      .or(page.getByRole('alert'))
      .filter({ hasText: /left out|couldn't|missing/i })
      .first(),
  ).toBeVisible();
  const layers = (await project(page)).layers;
  expect(layers.map((layer) => layer.layerId)).toEqual(['bgLayer', text.layerId, sticker.layerId, missing.layerId]);
  await expect(page.getByTestId(`layers.item.${text.layerId}`)).toBeVisible();
  // The text and the sticker are drawn; the editor keeps working (a new layer can be added and undone).
  await page.getByTestId('tool.text').click();
  await expect.poll(() => layerCount(page)).toBe(5);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(() => layerCount(page)).toBe(4);
});

test('drops a photo file and a sticker from the panel onto the canvas', async ({ page }) => {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  const canvas = page.getByTestId('canvas.area');
  const photo = [...(await readFile(PHOTO))];
  const files = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'coffee.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, photo);
  await canvas.dispatchEvent('dragenter', { dataTransfer: files });
  await canvas.dispatchEvent('drop', { dataTransfer: files });
  await expect.poll(() => layerCount(page)).toBe(2);
  expect((await project(page)).layers[1].value.valueType).toBe('img');

  await page.getByTestId('tool.stickers').click();
  const sticker = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.setData('application/x-lumacut-sticker', 'twemoji-1f680');
    return transfer;
  });
  await canvas.dispatchEvent('dragenter', { dataTransfer: sticker });
  await canvas.dispatchEvent('drop', { dataTransfer: sticker });
  await expect.poll(() => layerCount(page)).toBe(3);
  expect((await project(page)).layers[2]).toMatchObject({ resId: 'twemoji-1f680', resNeedPro: true, type: 3 });

  // Clear layers keeps the background, says the Pro rocket went with them, and undoes in one step.
  await page.getByTestId('layers.clear').click();
  await page.getByTestId('confirm.ok').click();
  await expect.poll(() => layerCount(page)).toBe(1);
  await expect(page.getByText(/no longer needs Pro/)).toBeVisible();
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(() => layerCount(page)).toBe(3);
});
