/**
 * The design editor as a designer uses it, on the production build and the real server: the page
 * never scrolls (only the canvas pans), the properties panel has room at 1280×800, new elements land
 * in view and apart, a Chinese text gets a CJK font.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Project } from '../../engine/doc/types';
import { layerCount, project, projectThumbnailWidth, screenCentre, topLayer } from '../helpers/editorPage';

const PHOTO = path.resolve('tests/assets/photos/coffee.jpg');

// Its tests are independent (each its own page on the shared server): they spread over both workers, so
// this long file does not make the end-to-end phase wait on one worker.
test.describe.configure({ mode: 'parallel' });
test.use({ viewport: { width: 1280, height: 800 } });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
});

async function openNewProject(page: Page) {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await expect(page.getByTestId('editor.shell')).toBeVisible();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
}

async function addPhoto(page: Page) {
  const before = await layerCount(page);
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles(PHOTO);
  await expect.poll(() => layerCount(page)).toBe(before + 1);
  return (await topLayer(page)).layerId;
}

test('the page never scrolls and the properties panel has room at 1280×800', async ({ page }) => {
  await openNewProject(page);
  await addPhoto(page);
  const toolbarTop = (await page.getByTestId('editor.shell').boundingBox())!.y;

  // A wheel over the tool rail, the panels and the canvas scrolls nothing but the canvas.
  const rail = (await page.getByTestId('tool.image').boundingBox())!;
  await page.mouse.move(rail.x + rail.width / 2, rail.y + 200);
  await page.mouse.wheel(0, 1200);
  const side = (await page.getByTestId('props.panel').boundingBox())!;
  await page.mouse.move(side.x + 40, side.y + side.height - 20);
  await page.mouse.wheel(0, 5000);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect((await page.getByTestId('editor.shell').boundingBox())!.y).toBe(toolbarTop);
  await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();

  // The side panel is wider than before (360 px) and can be widened from its edge.
  expect(side.width).toBeGreaterThanOrEqual(350);
  await page.getByTestId('side.resize').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await page.getByTestId('props.panel').boundingBox())!.width).toBeGreaterThanOrEqual(side.width + 39);

  // Layers fold away, giving the properties the whole height.
  await page.getByTestId('layers.fold').click();
  await expect(page.getByTestId('layers.panel')).toBeHidden();
  expect((await page.getByTestId('props.panel').boundingBox())!.height).toBeGreaterThan(side.height);

  // The filter grid shows at least four filters a row.
  await page.getByTestId('effects.kind.filter').click();
  const tops = await page.locator('.fx-filter-grid > li').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).offsetTop));
  expect(tops.filter((top) => top === tops[0]).length).toBeGreaterThanOrEqual(4);
});

test('new elements land in view and apart; a Chinese text gets Noto Sans SC', async ({ page }) => {
  await openNewProject(page);
  const rects: Project['layers'][number]['rect'][] = [];
  for (let i = 0; i < 3; i++) {
    await page.getByTestId('tool.text').click();
    await expect.poll(() => layerCount(page)).toBe(2 + i);
    rects.push((await topLayer(page)).rect);
  }
  const { canvasW, canvasH } = await project(page);
  expect(new Set(rects.map((rect) => `${rect.x},${rect.y}`)).size).toBe(3);
  for (const rect of rects) {
    expect(rect.x + rect.w / 2).toBeGreaterThan(0);
    expect(rect.x + rect.w / 2).toBeLessThan(canvasW);
    expect(rect.y + rect.h / 2).toBeGreaterThan(0);
    expect(rect.y + rect.h / 2).toBeLessThan(canvasH);
  }

  // Zoomed in on the top-left corner, a new sticker lands where the user is looking.
  await page.evaluate(() => window.__editor!.select([]));
  await page.getByTestId('zoom.in').click();
  await page.getByTestId('zoom.in').click();
  await page.getByTestId('zoom.in').click();
  const area = (await page.getByTestId('canvas.area').boundingBox())!;
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.mouse.wheel(-600, -600); // pan towards the top-left corner
  await page.waitForTimeout(200);
  const visible = await page.evaluate(() => {
    const stage = window.__stage!;
    const scale = stage.scaleX();
    return { left: -stage.x() / scale, top: -stage.y() / scale, right: (stage.width() - stage.x()) / scale, bottom: (stage.height() - stage.y()) / scale };
  });
  await page.getByTestId('tool.stickers').click();
  await page.getByTestId('sticker-twemoji-1f600').click();
  await expect.poll(() => layerCount(page)).toBe(5);
  const sticker = (await topLayer(page)).rect;
  const centre = { x: sticker.x + sticker.w / 2, y: sticker.y + sticker.h / 2 };
  expect(centre.x).toBeGreaterThan(Math.max(0, visible.left));
  expect(centre.x).toBeLessThan(Math.min(canvasW, visible.right));
  expect(centre.y).toBeGreaterThan(Math.max(0, visible.top));
  expect(centre.y).toBeLessThan(Math.min(canvasH, visible.bottom));
  expect(centre.x).toBeLessThan(canvasW / 2); // not the canvas centre, which is out of view
  await page.getByTestId('zoom.fit').click();

  // Typing Chinese into a text in the system font switches it to the bundled Noto Sans SC.
  const textId = (await project(page)).layers[3].layerId;
  await page.mouse.dblclick(...(Object.values(await screenCentre(page, textId)) as [number, number]));
  const box = page.getByTestId('text-editor');
  await box.fill('夏季大促销');
  await box.press('Control+Enter');
  await expect.poll(async () => (await project(page)).layers[3].value).toMatchObject({ text: { text: '夏季大促销', fontName: 'NotoSansSC' } });
  await expect(page.getByTestId('props.font')).toContainText('Noto Sans SC');
  // The font's subsets for these characters load on demand once the canvas draws them.
  await expect.poll(() => page.evaluate(() => document.fonts.check('40px "Noto Sans SC"', '夏季大促销')), { timeout: 20_000 }).toBe(true);
});

test('crops a photo by ratio and freely, each as one undo step', async ({ page }) => {
  await openNewProject(page);
  const imageId = await addPhoto(page);
  const before = (await topLayer(page)).rect;

  // Square: the largest 1:1 box of the picture, the kept part staying where it was.
  await page.getByTestId('props.crop').click();
  await expect(page.getByTestId('crop.panel')).toBeVisible();
  await page.getByTestId('crop.ratio.1:1').click();
  await page.getByTestId('crop.apply').click();
  await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ img: { cropRect: expect.objectContaining({ x: expect.any(Number) }) } });
  const squared = await topLayer(page);
  const crop = squared.value.valueType === 'img' ? squared.value.img.cropRect! : null;
  expect(crop!.w).toBe(crop!.h);
  expect(squared.rect.w).toBeCloseTo(squared.rect.h, 0);
  expect(squared.rect.y).toBeCloseTo(before.y, 0);
  expect(squared.rect.x + squared.rect.w / 2).toBeCloseTo(before.x + before.w / 2, 0);

  // Undo takes the whole crop back in one step.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await topLayer(page)).rect).toEqual(before);

  // Free: drag the frame's right-middle handle leftwards to keep the left part.
  await page.evaluate((id) => window.__editor!.select([id]), imageId);
  await page.getByTestId('props.crop').click();
  const anchor = await page.evaluate(() => {
    const stage = window.__stage!;
    const node = stage.findOne('.middle-right')!;
    const box = node.getClientRect();
    const origin = stage.container().getBoundingClientRect();
    return { x: origin.left + box.x + box.width / 2, y: origin.top + box.y + box.height / 2 };
  });
  await page.mouse.move(anchor.x, anchor.y);
  await page.mouse.down();
  await page.mouse.move(anchor.x - 60, anchor.y, { steps: 6 });
  await page.mouse.up();
  await page.getByTestId('crop.apply').click();
  await expect.poll(async () => (await topLayer(page)).rect.w).toBeLessThan(before.w - 50);
  const freed = await topLayer(page);
  expect(freed.rect.x).toBeCloseTo(before.x, 0);
  expect(freed.rect.h).toBeCloseTo(before.h, 0);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await topLayer(page)).rect).toEqual(before);
});

/** RGBA at document coordinates, read back from the live stage with stage.toCanvas(). */
async function stagePixel(page: Page, x: number, y: number) {
  return page.evaluate(
    ([docX, docY]) => {
      const stage = window.__stage!;
      const point = stage.findOne('#bgLayer')!.getAbsoluteTransform().point({ x: docX, y: docY });
      const canvas = stage.toCanvas({ pixelRatio: 1 });
      const [r, g, b, a] = canvas.getContext('2d')!.getImageData(Math.round(point.x), Math.round(point.y), 1, 1).data;
      return { r, g, b, a };
    },
    [x, y],
  );
}

test('adds a rectangle, an ellipse and a line, styles them, and undoes a style as one step', async ({ page }) => {
  await openNewProject(page);
  await page.getByTestId('tool.shapes').click();
  await page.getByTestId('shape.add.rect').click();
  await expect.poll(() => layerCount(page)).toBe(2);
  const rect = await topLayer(page);
  expect(rect).toMatchObject({ type: 5, valueType: 'shape', value: { shape: { kind: 'rect' } } });
  await expect(page.getByTestId('layers.panel')).toContainText('Rectangle');

  // Style it: a red fill through the hex field, rounded corners.
  const fill = page.getByTestId('props.shape.fill.hex');
  await fill.fill('#FF0000');
  await fill.press('Enter');
  await page.getByTestId('props.shape.radius').fill('60');
  await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ shape: { fill: '#FF0000FF', radius: 60 } });
  // The canvas shows it: red in the middle, the white background in the rounded-off corner.
  const centre = { x: rect.rect.x + rect.rect.w / 2, y: rect.rect.y + rect.rect.h / 2 };
  await expect.poll(() => stagePixel(page, centre.x, centre.y)).toMatchObject({ r: 255, g: 0, b: 0 });
  expect(await stagePixel(page, rect.rect.x + 3, rect.rect.y + 3)).toMatchObject({ r: 255, g: 255, b: 255 });

  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ shape: { fill: '#FF0000FF', radius: 0 } });

  for (const [i, kind] of ['ellipse', 'line'].entries()) {
    await page.getByTestId(`shape.add.${kind}`).click();
    await expect.poll(() => layerCount(page)).toBe(3 + i);
    expect(await topLayer(page)).toMatchObject({ type: 5, valueType: 'shape', value: { shape: { kind } } });
  }
  await expect(page.getByTestId('layers.panel')).toContainText('Line');
  await expect(page.getByTestId('props.shape.strokeWidth')).toBeVisible();

  // The design is listed in My projects with a thumbnail of what was drawn (uploaded after the autosave).
  const pid = new URL(page.url()).searchParams.get('pid')!;
  await page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/${pid}/thumbnail`), { timeout: 30_000 });
  await page.getByTestId('toolbar.back').click();
  await expect(page).toHaveURL(/\/en\/project/);
  await expect.poll(() => projectThumbnailWidth(page, pid), { timeout: 90_000 }).toBeGreaterThan(0);
});

/** Share of the (nearly) transparent pixels of a picture in the editor's asset store. */
async function transparentShareOf(page: Page, uri: string): Promise<number> {
  return page.evaluate(async (assetUri) => {
    const blob = window.__editor!.assets.get(assetUri.slice('asset:'.length))!.blob;
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let clear = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 16) clear++;
    return clear / (data.length / 4);
  }, uri);
}

const imageUri = (layer: { value: unknown }) => (layer.value as { img: { uri: string } }).img.uri;

test('removes the background of a photo layer in the editor as one undo step, and refines the cut-out as another', async ({ page }) => {
  test.setTimeout(240_000);
  await openNewProject(page);
  await addPhoto(page);
  const before = await topLayer(page);
  await page.getByTestId('ai.removebg').click();
  await expect.poll(async () => (await topLayer(page)).valueSource, { timeout: 180_000 }).toBe('gpuResult');
  const after = await topLayer(page);
  expect(after.rect).toEqual(before.rect);
  expect(after.value).toMatchObject({ img: { name: 'coffee-remove-background.png' } });
  // The cut-out has transparent pixels (the table around the cup is gone).
  const cutShare = await transparentShareOf(page, imageUri(after));
  expect(cutShare).toBeGreaterThan(0.1);

  // Refine: one erase stroke across the middle of the cup takes it away there.
  await page.getByTestId('refine.open').click();
  const dialog = page.getByTestId('ai.refine.dialog');
  await expect(dialog.getByTestId('refine.panel')).toHaveAttribute('data-busy', 'false');
  await dialog.getByTestId('refine.tool.erase').click();
  const canvas = (await dialog.getByTestId('refine.canvas').boundingBox())!;
  const y = canvas.y + canvas.height / 2;
  await page.mouse.move(canvas.x + canvas.width * 0.2, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(canvas.x + canvas.width * (0.2 + 0.06 * i), y);
  await page.mouse.up();
  await dialog.getByTestId('refine.apply').click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => imageUri(await topLayer(page)), { timeout: 30_000 }).not.toBe(imageUri(after));
  const refined = await topLayer(page);
  expect(refined.rect).toEqual(before.rect);
  expect(await transparentShareOf(page, imageUri(refined))).toBeGreaterThan(cutShare + 0.01);
  await expect(page.getByTestId('refine.open')).toHaveText('Refine again');

  // Undo takes the refinement back (the model's cut-out), undo again the removal.
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).value).toEqual(after.value);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).value).toEqual(before.value);
});

test('selects the cup of a photo layer with one tap and adds it as a layer of its own, over the photo, as one undo step', async ({ page }) => {
  test.setTimeout(180_000);
  await openNewProject(page);
  await addPhoto(page);
  const photo = await topLayer(page);
  const layers = await layerCount(page);
  await page.getByTestId('ai.selectObject').click();
  const dialog = page.getByTestId('ai.selectObject.dialog');
  const panel = dialog.getByTestId('refine.panel');
  await expect(panel).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  // One tap in the middle of the cup.
  const canvas = (await dialog.getByTestId('refine.canvas').boundingBox())!;
  await page.mouse.click(canvas.x + canvas.width * 0.5, canvas.y + canvas.height * 0.55);
  await expect(panel).toHaveAttribute('data-busy', 'false');
  await dialog.getByTestId('refine.apply').click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => layerCount(page), { timeout: 30_000 }).toBe(layers + 1);
  const object = await topLayer(page);
  expect(object.layerId).not.toBe(photo.layerId);
  expect(object.rect).toEqual(photo.rect);
  // Only the cup: most of the picture is transparent, but not all of it.
  const clear = await transparentShareOf(page, imageUri(object));
  expect(clear).toBeGreaterThan(0.3);
  expect(clear).toBeLessThan(0.95);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(() => layerCount(page)).toBe(layers);
});

test("a cut-out opened in the editor is listed with its thumbnail and the photo's name", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/en/tools/background-remover');
  await page.getByTestId('upload.input').setInputFiles(path.resolve('tests/assets/photos/astronaut.jpg'));
  await expect(page.getByTestId('result.image')).toBeVisible({ timeout: 120_000 });
  await page.getByTestId('result.openInEditor').click();
  await expect(page).toHaveURL(/\/en\/create\/edit\?pid=CUT_/);
  const pid = new URL(page.url()).searchParams.get('pid')!;

  await page.goto('/en/cutouts');
  const card = page.getByTestId(`projects.item.${pid}`);
  await expect(card.getByTestId('projects.open')).toHaveText('astronaut – Background remover');
  const thumb = card.locator('img');
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('starts at fit to screen, speaks of taps and edits a text with a button', async ({ page }) => {
    await openNewProject(page);
    // The whole square canvas shows, using the screen's width.
    const view = await page.evaluate(() => {
      const stage = window.__stage!;
      return { scale: stage.scaleX(), x: stage.x(), width: stage.width() };
    });
    expect(view.scale * 1080).toBeGreaterThan(view.width * 0.9);
    expect(view.x).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Touch wording: no "drop", no ⌘V / Ctrl+V.
    await page.getByTestId('tool.image').click();
    const panel = page.getByTestId('panel.image');
    await expect(panel).toContainText('Tap');
    await expect(panel).not.toContainText('drop');
    await expect(panel).not.toContainText('Ctrl+V');

    // A new text says "Double-tap", and the Edit text button opens the editor on it.
    await page.getByTestId('tool.text').click();
    await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ text: { text: 'Double-tap to edit' } });
    await page.getByTestId('sheet.properties').click();
    await page.getByTestId('props.text.edit').click();
    const box = page.getByTestId('text-editor');
    await expect(box).toBeVisible();
    await box.fill('夏日特卖');
    await box.blur();
    await expect.poll(async () => (await topLayer(page)).value).toMatchObject({ text: { text: '夏日特卖', fontName: 'NotoSansSC' } });

    // Tap-and-hold on the text opens the editor too.
    await expect(box).toBeHidden();
    // The properties sheet slides away after the edit and the canvas moves with it: press where the text
    // stands once it has stopped moving (two reads in a row agree), not where it was mid-slide.
    const textId = (await topLayer(page)).layerId;
    let at = await screenCentre(page, textId);
    await expect
      .poll(async () => {
        const now = await screenCentre(page, textId);
        const settled = Math.abs(now.x - at.x) < 0.5 && Math.abs(now.y - at.y) < 0.5;
        at = now;
        return settled;
      })
      .toBe(true);
    await page.evaluate(async ({ x, y }) => {
      const target = document.elementFromPoint(x, y)!;
      const init = { bubbles: true, cancelable: true, clientX: x, clientY: y, pointerId: 7, pointerType: 'touch', isPrimary: true };
      target.dispatchEvent(new PointerEvent('pointerdown', init));
      await new Promise((resolve) => setTimeout(resolve, 700));
      target.dispatchEvent(new PointerEvent('pointerup', init));
    }, at);
    await expect(box).toBeVisible();
  });
});

test('paints a layer mask with the brush: hidden on the canvas and in the export, one undo step', async ({ page }) => {
  await openNewProject(page);
  const imageId = await addPhoto(page);
  const photo = (await topLayer(page)).rect;
  const centre = { x: photo.x + photo.w / 2, y: photo.y + photo.h / 2 };
  const before = await stagePixel(page, centre.x, centre.y);
  expect(before).not.toMatchObject({ r: 255, g: 255, b: 255 });

  await page.getByTestId('props.mask').click();
  await page.getByTestId('mask.size').fill('120');
  const screen = await screenCentre(page, imageId);
  await page.mouse.move(screen.x - 60, screen.y);
  await page.mouse.down();
  await page.mouse.move(screen.x + 60, screen.y, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('mask.done').click();
  await expect.poll(async () => (await topLayer(page)).mask?.uri ?? '').toMatch(/^asset:/);

  // Under the stroke the white background shows; the photo's corner is still the photo.
  await expect.poll(() => stagePixel(page, centre.x, centre.y)).toMatchObject({ r: 255, g: 255, b: 255 });
  const corner = await stagePixel(page, photo.x + 10, photo.y + 10);
  expect(corner.r + corner.g + corner.b).toBeLessThan(700);

  // The export draws the mask too.
  await page.getByTestId('toolbar.export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.png').click()]);
  const { data, info } = await sharp(await readFile((await download.path())!))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { canvasW } = await project(page);
  const k = info.width / canvasW;
  const at = (x: number, y: number) => {
    const i = (Math.round(y * k) * info.width + Math.round(x * k)) * 4;
    return { r: data[i], g: data[i + 1], b: data[i + 2] };
  };
  expect(at(centre.x, centre.y)).toMatchObject({ r: 255, g: 255, b: 255 });
  const exportedCorner = at(photo.x + 10, photo.y + 10);
  expect(exportedCorner.r + exportedCorner.g + exportedCorner.b).toBeLessThan(700);

  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).mask).toBeNull();
});

/** Where a layer's node is, on screen (page pixels) and in the document (canvas pixels). */
async function layerBoxes(page: Page, layerId: string) {
  return page.evaluate((id) => {
    const stage = window.__stage!;
    const node = stage.findOne(`#${id}`)!;
    const origin = stage.container().getBoundingClientRect();
    const screen = node.getClientRect({ skipShadow: true });
    // The background node's local frame is the document's (it sits at 0,0 with offset = half its size).
    const toDoc = stage.findOne('#bgLayer')!.getAbsoluteTransform().copy().invert();
    const a = toDoc.point({ x: screen.x, y: screen.y });
    const b = toDoc.point({ x: screen.x + screen.width, y: screen.y + screen.height });
    const doc = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
    return { screen: { ...screen, x: screen.x + origin.left, y: screen.y + origin.top }, doc };
  }, layerId);
}

/** Dark grey (ink, not the brush ring's blue) pixels in the left 2-40 % and the right 60-98 % of a document box, on the live stage. */
async function stageInk(page: Page, box: { x: number; y: number; width: number; height: number }) {
  return page.evaluate((doc) => {
    const stage = window.__stage!;
    const toScreen = stage.findOne('#bgLayer')!.getAbsoluteTransform();
    const canvas = stage.toCanvas({ pixelRatio: 1 });
    const ctx = canvas.getContext('2d')!;
    const count = (from: number, to: number) => {
      const a = toScreen.point({ x: doc.x + doc.width * from, y: doc.y });
      const b = toScreen.point({ x: doc.x + doc.width * to, y: doc.y + doc.height });
      const data = ctx.getImageData(Math.round(a.x), Math.round(a.y), Math.max(1, Math.round(b.x - a.x)), Math.max(1, Math.round(b.y - a.y))).data;
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (Math.max(data[i], data[i + 1], data[i + 2]) < 128) ink++;
      return ink;
    };
    return { left: count(0.02, 0.4), right: count(0.6, 0.98) };
  }, box);
}

test('paints a layer mask on a text layer: hidden on the canvas and in the exported PNG, one undo step', async ({ page }) => {
  await openNewProject(page);
  await page.getByTestId('tool.text').click();
  await expect.poll(() => layerCount(page)).toBe(2);
  const textId = (await topLayer(page)).layerId;
  await page.evaluate((id) => window.__editor!.select([id]), textId);
  const { screen, doc } = await layerBoxes(page, textId);
  // The text draws once its font is there.
  await expect.poll(async () => Math.min(...Object.values(await stageInk(page, doc)))).toBeGreaterThan(30);
  const before = await stageInk(page, doc);

  // One stroke with a brush taller than the text, over its left half only (up to 50 % of its width).
  await page.getByTestId('props.mask').click();
  await expect(page.getByTestId('mask.panel')).toBeVisible();
  const radius = Math.min(100, Math.ceil(screen.height * 0.6) + 6);
  await page.getByTestId('mask.size').fill(String(radius * 2));
  const y = screen.y + screen.height / 2;
  await page.mouse.move(screen.x - radius, y);
  await page.mouse.down();
  await page.mouse.move(screen.x + screen.width / 2 - radius, y, { steps: 10 });
  await page.mouse.up();
  // The stroke shows at once, before Done.
  await expect.poll(async () => (await stageInk(page, doc)).left).toBe(0);
  await page.getByTestId('mask.done').click();
  await expect.poll(async () => (await topLayer(page)).mask?.uri ?? '').toMatch(/^asset:/);

  // The masked half is gone from the canvas; the other half is all there.
  await expect.poll(async () => (await stageInk(page, doc)).left).toBe(0);
  expect((await stageInk(page, doc)).right).toBeGreaterThanOrEqual(before.right * 0.95);

  // The exported PNG draws the mask too.
  await page.getByTestId('toolbar.export').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export.png').click()]);
  const { data, info } = await sharp(await readFile((await download.path())!))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const k = info.width / (await project(page)).canvasW;
  const exportedInk = (from: number, to: number) => {
    let ink = 0;
    for (let py = Math.round(doc.y * k); py < Math.round((doc.y + doc.height) * k); py++) {
      for (let px = Math.round((doc.x + doc.width * from) * k); px < Math.round((doc.x + doc.width * to) * k); px++) {
        const i = (py * info.width + px) * 4;
        if (Math.max(data[i], data[i + 1], data[i + 2]) < 128) ink++;
      }
    }
    return ink;
  };
  expect(exportedInk(0.02, 0.4)).toBe(0);
  expect(exportedInk(0.6, 0.98)).toBeGreaterThan(30 * k * k);

  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).mask).toBeNull();
  await expect.poll(async () => (await stageInk(page, doc)).left).toBeGreaterThan(before.left * 0.95);
});

test('paints a layer mask on a shape: the brushed part shows the background, the rest keeps its fill', async ({ page }) => {
  await openNewProject(page);
  await page.getByTestId('tool.shapes').click();
  await page.getByTestId('shape.add.rect').click();
  await expect.poll(() => layerCount(page)).toBe(2);
  const shape = await topLayer(page);
  const fill = page.getByTestId('props.shape.fill.hex');
  await fill.fill('#FF0000');
  await fill.press('Enter');
  const left = { x: shape.rect.x + shape.rect.w * 0.2, y: shape.rect.y + shape.rect.h / 2 };
  const right = { x: shape.rect.x + shape.rect.w * 0.8, y: shape.rect.y + shape.rect.h / 2 };
  await expect.poll(() => stagePixel(page, left.x, left.y)).toMatchObject({ r: 255, g: 0, b: 0 });

  await page.getByTestId('props.mask').click();
  await page.getByTestId('mask.size').fill('60');
  const { screen } = await layerBoxes(page, shape.layerId);
  await page.mouse.move(screen.x + screen.width * 0.1, screen.y + screen.height / 2);
  await page.mouse.down();
  await page.mouse.move(screen.x + screen.width * 0.3, screen.y + screen.height / 2, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(5, 5);
  await page.getByTestId('mask.done').click();
  await expect.poll(async () => (await topLayer(page)).mask?.uri ?? '').toMatch(/^asset:/);
  await expect.poll(() => stagePixel(page, left.x, left.y)).toMatchObject({ r: 255, g: 255, b: 255 });
  expect(await stagePixel(page, right.x, right.y)).toMatchObject({ r: 255, g: 0, b: 0 });
});

test('AI retouch: paints over a part of the photo and erases it as one undo step', async ({ page }) => {
  test.setTimeout(240_000);
  await openNewProject(page);
  const imageId = await addPhoto(page);
  const before = await topLayer(page);
  await page.getByTestId('ai.retouch').click();
  await expect(page.getByTestId('retouch.panel')).toBeVisible();
  const screen = await screenCentre(page, imageId);
  await page.mouse.move(screen.x - 30, screen.y - 10);
  await page.mouse.down();
  await page.mouse.move(screen.x + 30, screen.y + 10, { steps: 6 });
  await page.mouse.up();
  await page.getByTestId('retouch.erase').click();
  await expect.poll(async () => (await topLayer(page)).valueSource, { timeout: 180_000 }).toBe('gpuResult');
  const after = await topLayer(page);
  expect(after.rect).toEqual(before.rect);
  expect(after.value).toMatchObject({ img: { name: 'coffee-retouched.png' } });
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).value).toEqual(before.value);
});

test.describe('background changer on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the options are a bottom sheet and choosing a colour keeps the result in view', async ({ page }) => {
    test.setTimeout(180_000);
    // A returning visitor: the cookie banner (above the header, in the page flow) has been answered.
    await page.addInitScript(() => localStorage.setItem('cookieConfirmation', 'essential'));
    await page.goto('/en/tools/background-changer');
    await expect(page.getByTestId('page.backgroundChanger')).toContainText('Tap the button');
    await page.locator('input[type=file]').first().setInputFiles(path.resolve('tests/assets/photos/astronaut.jpg'));
    const workspace = page.locator('.changebg-workspace');
    await expect(workspace).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await page.locator('.changebg-options .changebg-swatch').nth(4).tap();
    await expect(workspace).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    const sheet = (await page.locator('.changebg-options').boundingBox())!;
    const result = (await workspace.locator('img').last().boundingBox())!;
    expect(sheet.y + sheet.height).toBeCloseTo(844, 0);
    expect(result.y).toBeGreaterThanOrEqual(0);
    expect(result.y + result.height).toBeLessThanOrEqual(sheet.y + 1);
  });
});

test('AI expand grows the photo layer around what it showed; enhance keeps its place; a new background colour too', async ({ page }) => {
  test.setTimeout(240_000);
  await openNewProject(page);
  await addPhoto(page);
  const before = await topLayer(page);

  // 4:3 photo expanded to 1:1: the layer becomes square, the photo where it was, the new parts above and below.
  await page.getByTestId('ai.expand.1:1').click();
  await expect.poll(async () => (await topLayer(page)).valueSource, { timeout: 180_000 }).toBe('gpuResult');
  const expanded = (await topLayer(page)).rect;
  expect(expanded.w).toBeCloseTo(before.rect.w, 0);
  expect(expanded.h).toBeCloseTo(before.rect.w, 0);
  expect(expanded.x).toBeCloseTo(before.rect.x, 0);
  expect(expanded.y + expanded.h / 2).toBeCloseTo(before.rect.y + before.rect.h / 2, 0);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => (await topLayer(page)).rect).toEqual(before.rect);

  await page.getByTestId('ai.enhance').click();
  await expect.poll(async () => (await topLayer(page)).value, { timeout: 180_000 }).toMatchObject({ img: { name: 'coffee-enhanced.jpg' } });
  expect((await topLayer(page)).rect).toEqual(before.rect);

  await page.getByTestId('ai.changebg.2563EB').click();
  await expect.poll(async () => (await topLayer(page)).value, { timeout: 180_000 }).toMatchObject({ img: { name: 'coffee-enhanced-new-background.png' } });
  expect((await topLayer(page)).rect).toEqual(before.rect);
});

test('a new background from the picture library, not only a colour, as one undo step', async ({ page }) => {
  test.setTimeout(240_000);
  await openNewProject(page);
  await addPhoto(page);
  const before = (await topLayer(page)).value as { img: { uri: string } };
  await page.getByTestId('ai.changebg.library').locator('summary').click();
  await page.getByTestId('changebg.category.scene').click();
  await page.getByTestId('changebg.bg.scene-marble-table').click();
  await expect.poll(async () => ((await topLayer(page)).value as { img: { uri: string } }).img.uri, { timeout: 200_000 }).not.toBe(before.img.uri);
  await page.getByTestId('toolbar.undo').click();
  await expect.poll(async () => ((await topLayer(page)).value as { img: { uri: string } }).img.uri).toBe(before.img.uri);
});

test('Escape while editing a text keeps the typing; new elements of different sizes do not land on one another (issue 29)', async ({ page }) => {
  await openNewProject(page);
  await page.getByTestId('tool.text').click();
  await expect.poll(() => layerCount(page)).toBe(2);
  const textId = (await topLayer(page)).layerId;
  await page.mouse.dblclick(...(Object.values(await screenCentre(page, textId)) as [number, number]));
  const box = page.getByTestId('text-editor');
  await box.fill('Summer sale');
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect.poll(async () => (await project(page)).layers.find((l) => l.layerId === textId)!.value).toMatchObject({ text: { text: 'Summer sale' } });

  // A sticker after the text: its centre is not the text's centre.
  await page.evaluate(() => window.__editor!.select([]));
  await page.getByTestId('tool.stickers').click();
  await page.getByTestId('sticker-twemoji-1f600').click();
  await expect.poll(() => layerCount(page)).toBe(3);
  const layers = (await project(page)).layers;
  const centre = (r: { x: number; y: number; w: number; h: number }) => `${Math.round(r.x + r.w / 2)},${Math.round(r.y + r.h / 2)}`;
  expect(centre(layers[2].rect)).not.toBe(centre(layers[1].rect));
});
