/**
 * Layer effects drawn by the canvas scene and the exporter, on the production build and the real
 * server: a generated opaque PNG square on a coloured background gets an outline, a shadow, a
 * reflection, blend modes (W3C Multiply through the canvas, LinearBurn through the backdrop blend)
 * and a brightness adjustment; pixels are read back from the live stage and from an export.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Layer, Project } from '../../engine/doc/types';
import { projectedShadowTransform } from '../../engine/effects/shadow';

type Rgba = { r: number; g: number; b: number; a: number };
type Point = [number, number];

const BG = { r: 0x20, g: 0x40, b: 0xc0 };
const SQUARE = { r: 240, g: 230, b: 120 };
/** The square layer's box on the 1080×1080 canvas. */
const BOX = { x: 400, y: 400, w: 200, h: 200, angle: 0 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
});

const project = (page: Page) => page.evaluate(() => window.__editor!.getProject()) as Promise<Project>;

/** Sets effect parameters on a layer (what the panels' setLayerEffects command writes). */
async function setEffects(page: Page, layerId: string, patch: Partial<Layer>) {
  await page.evaluate(([id, p]) => window.__editor!.updateLayers([{ layerId: id, ...p }]), [layerId, patch] as const);
}

const NO_EFFECTS: Partial<Layer> = {
  outlineParams: null,
  shadowParams: null,
  reflectionParams: null,
  blendParams: null,
  adjustParams: null,
  filterParams: null,
};

/** Waits until the live stage's effect renders are on screen, then reads pixels at canvas points. */
async function livePixels(page: Page, points: Point[]): Promise<Rgba[]> {
  return page.evaluate(async (pts) => {
    const stage = window.__stage!;
    const work = stage.getAttr('effectWork') as { whenIdle(): Promise<void> } | undefined;
    await work?.whenIdle();
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const bg = stage.findOne('#bgLayer')!;
    const canvas = stage.toCanvas({ pixelRatio: 1 });
    const ctx = canvas.getContext('2d')!;
    return pts.map(([x, y]) => {
      const p = bg.getAbsoluteTransform().point({ x, y });
      const [r, g, b, a] = ctx.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data;
      return { r, g, b, a };
    });
  }, points);
}

/** Exports the document at its canvas size (1080×1080) and reads pixels at canvas points. */
async function exportPixels(page: Page, points: Point[]): Promise<Rgba[]> {
  return page.evaluate(async (pts) => {
    const editor = window.__editor!;
    const blob = await window.__exportProject!(editor.getProject(), editor.assets, { format: 'png', width: 1080, height: 1080 });
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    return pts.map(([x, y]) => {
      const [r, g, b, a] = ctx.getImageData(x, y, 1, 1).data;
      return { r, g, b, a };
    });
  }, points);
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, tolerance: number) =>
  Math.abs(a.r - b.r) <= tolerance && Math.abs(a.g - b.g) <= tolerance && Math.abs(a.b - b.b) <= tolerance;
const rgb = (c: Rgba) => `${c.r},${c.g},${c.b}`;

/** A square editor design: the coloured background and the generated opaque PNG square at BOX. */
async function openDesignWithSquare(page: Page): Promise<string> {
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await expect(page.getByTestId('editor.shell')).toBeVisible();
  await page.waitForFunction(() => !!window.__editor && !!window.__stage);
  expect((await project(page)).canvasW).toBe(1080);
  await page.getByTestId('tool.background').click();
  const hex = page.getByTestId('background.color.hex');
  await hex.fill('#2040C0');
  await hex.press('Enter');
  const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: { ...SQUARE, alpha: 1 } } })
    .png()
    .toBuffer();
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: png });
  await expect.poll(async () => (await project(page)).layers.length).toBe(2);
  const id = (await project(page)).layers[1].layerId;
  await page.evaluate(([layerId, rect]) => window.__editor!.updateLayers([{ layerId, rect }]), [id, BOX] as const);
  await page.evaluate(() => window.__editor!.select([]));
  const [inside, outside] = await exportPixels(page, [
    [500, 500],
    [300, 300],
  ]);
  expect(near(inside, SQUARE, 1), rgb(inside)).toBe(true);
  expect(near(outside, BG, 1), rgb(outside)).toBe(true);
  return id;
}

test('outline, shadow and reflection are drawn around a known square, live and in the export', async ({ page }) => {
  const id = await openDesignWithSquare(page);
  const GREEN = { r: 0, g: 255, b: 0 };

  // A solid 20 px green outline runs around the square, under it, outside its edge.
  await setEffects(page, id, { outlineParams: { type: 1, size: 20, color: '#00FF00FF', smooth: 0, blur: 0, distance: 0, enabled: true } });
  const outlinePoints: Point[] = [
    [500, 500],
    [610, 500],
    [500, 390],
    [390, 500],
    [500, 610],
    [640, 500],
    [500, 360],
  ];
  for (const pixels of [await livePixels(page, outlinePoints), await exportPixels(page, outlinePoints)]) {
    const [inside, right, top, left, bottom, farRight, farTop] = pixels;
    expect(near(inside, SQUARE, 2), `inside ${rgb(inside)}`).toBe(true);
    for (const edge of [right, top, left, bottom]) expect(near(edge, GREEN, 10), `outline ${rgb(edge)}`).toBe(true);
    expect(near(farRight, BG, 2), `beyond the outline ${rgb(farRight)}`).toBe(true);
    expect(near(farTop, BG, 2), `beyond the outline ${rgb(farTop)}`).toBe(true);
  }

  // A sharp black shadow with positive x/y offsets (quadrant 4): 10 % of the layer size = 20 px to the bottom right.
  await setEffects(page, id, {
    ...NO_EFFECTS,
    shadowParams: {
      presetId: '',
      enabled: true,
      xOffset: 20,
      yOffset: 20,
      blur: 0,
      opacity: 100,
      color: '#000000FF',
      shapeAngle: 0,
      shapeLength: 20,
      shapeGradient: 0,
      is3DShadow: false,
    },
  });
  const shadowPoints: Point[] = [
    [610, 610],
    [500, 610],
    [610, 500],
    [390, 390],
    [500, 390],
    [390, 500],
    [610, 410],
    [500, 500],
  ];
  for (const pixels of [await livePixels(page, shadowPoints), await exportPixels(page, shadowPoints)]) {
    const [bottomRight, below, right, topLeft, above, left, rightTopCorner, inside] = pixels;
    for (const dark of [bottomRight, below, right]) expect(near(dark, { r: 0, g: 0, b: 0 }, 2), `shadow ${rgb(dark)}`).toBe(true);
    for (const clear of [topLeft, above, left, rightTopCorner]) expect(near(clear, BG, 2), `no shadow ${rgb(clear)}`).toBe(true);
    expect(near(inside, SQUARE, 2), `inside ${rgb(inside)}`).toBe(true);
  }

  // A reflection (half the height, opacity 100 fading to 0) right below the square; nothing above it.
  await setEffects(page, id, {
    ...NO_EFFECTS,
    reflectionParams: {
      enabled: true,
      scope: 50,
      opacity: 100,
      distance: 0,
      angle: 0,
      y_min: 0,
      y_max: 0,
      rotation: 0,
      innerOpacity: 0,
      fixedOffset: 0,
      fixedOpatity: 0,
      fixedScope: 0,
      radians: 0,
    },
  });
  const reflectionPoints: Point[] = [
    [500, 604],
    [500, 650],
    [500, 710],
    [500, 396],
    [390, 604],
  ];
  for (const pixels of [await livePixels(page, reflectionPoints), await exportPixels(page, reflectionPoints)]) {
    const [top, middle, past, above, beside] = pixels;
    // 4 px into a 100 px fade: 96 % square over the background.
    const mix = (t: number) => ({ r: SQUARE.r * t + BG.r * (1 - t), g: SQUARE.g * t + BG.g * (1 - t), b: SQUARE.b * t + BG.b * (1 - t) });
    expect(near(top, mix(0.96), 6), `reflection top ${rgb(top)}`).toBe(true);
    expect(near(middle, mix(0.5), 8), `reflection middle ${rgb(middle)}`).toBe(true);
    expect(near(past, BG, 2), `past the reflection ${rgb(past)}`).toBe(true);
    expect(near(above, BG, 2), `above ${rgb(above)}`).toBe(true);
    expect(near(beside, BG, 2), `beside ${rgb(beside)}`).toBe(true);
  }
});

test("3D shadow lies on the ground behind the layer, leaning with its angle; a text's outline follows its glyphs", async ({ page }) => {
  const id = await openDesignWithSquare(page);
  const shadow = {
    presetId: '',
    enabled: true,
    xOffset: 0,
    yOffset: 0,
    blur: 0,
    opacity: 100,
    color: '#000000FF',
    shapeAngle: 45,
    shapeLength: 20,
    shapeGradient: 0,
    is3DShadow: true,
  };
  await setEffects(page, id, { shadowParams: shadow });
  // The projected quad of the engine: the far edge up and to the right of the square.
  const quad = projectedShadowTransform(shadow, BOX).quad;
  const onRight: Point = [Math.round((quad[1].x + quad[2].x) / 2) - 8, Math.round((quad[1].y + quad[2].y) / 2)];
  const mirrored: Point = [2 * (BOX.x + BOX.w / 2) - onRight[0], onRight[1]];
  expect(onRight[0]).toBeGreaterThan(BOX.x + BOX.w);
  for (const [right, left, inside] of [await livePixels(page, [onRight, mirrored, [500, 500]]), await exportPixels(page, [onRight, mirrored, [500, 500]])]) {
    expect(near(right, { r: 0, g: 0, b: 0 }, 4), `3D shadow ${rgb(right)} at ${onRight}`).toBe(true);
    expect(near(left, BG, 2), `no 3D shadow ${rgb(left)}`).toBe(true);
    expect(near(inside, SQUARE, 2)).toBe(true);
  }

  // A text layer with a thick red outline: red pixels appear around the glyphs, none far away.
  await page.getByTestId('tool.text').click();
  await expect.poll(async () => (await project(page)).layers.length).toBe(3);
  const text = (await project(page)).layers[2];
  await page.evaluate(([layerId, rect]) => window.__editor!.updateLayers([{ layerId, rect }]), [text.layerId, { ...text.rect, x: 100, y: 800 }] as const);
  const countRed = async () =>
    page.evaluate(async () => {
      const editor = window.__editor!;
      const blob = await window.__exportProject!(editor.getProject(), editor.assets, { format: 'png', width: 1080, height: 1080 });
      const bitmap = await createImageBitmap(blob);
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let near = 0;
      let far = 0;
      const rect = editor.getProject().layers[2].rect;
      for (let y = 0; y < canvas.height; y += 2) {
        for (let x = 0; x < canvas.width; x += 2) {
          const i = (y * canvas.width + x) * 4;
          if (data[i] > 200 && data[i + 1] < 60 && data[i + 2] < 60) {
            const inBox = x > rect.x - 40 && x < rect.x + rect.w + 40 && y > rect.y - 40 && y < rect.y + rect.h + 40;
            if (inBox) near++;
            else far++;
          }
        }
      }
      return { near, far };
    });
  expect((await countRed()).near).toBe(0);
  await setEffects(page, text.layerId, { outlineParams: { type: 1, size: 12, color: '#FF0000FF', smooth: 1, blur: 0, distance: 0, enabled: true } });
  const red = await countRed();
  expect(red.near).toBeGreaterThan(200);
  expect(red.far).toBe(0);
});

test('blend modes: Multiply (canvas) and LinearBurn (backdrop blend) match their formulas', async ({ page }) => {
  const id = await openDesignWithSquare(page);
  const points: Point[] = [
    [500, 500],
    [300, 300],
  ];

  await setEffects(page, id, { blendParams: { mode: 'Multiply', opacity: 1 } });
  const multiply = { r: (BG.r * SQUARE.r) / 255, g: (BG.g * SQUARE.g) / 255, b: (BG.b * SQUARE.b) / 255 };
  for (const [inside, outside] of [await livePixels(page, points), await exportPixels(page, points)]) {
    expect(near(inside, multiply, 2), `multiply ${rgb(inside)} vs ${rgb({ ...multiply, a: 255 })}`).toBe(true);
    expect(near(outside, BG, 1)).toBe(true);
  }

  // LinearBurn is not a canvas composite operation: max(0, Cb + Cs − 1).
  await setEffects(page, id, { blendParams: { mode: 'LinearBurn', opacity: 1 } });
  const burn = { r: Math.max(0, BG.r + SQUARE.r - 255), g: Math.max(0, BG.g + SQUARE.g - 255), b: Math.max(0, BG.b + SQUARE.b - 255) };
  await expect.poll(async () => near((await livePixels(page, points))[0], burn, 2)).toBe(true);
  for (const [inside, outside] of [await livePixels(page, points), await exportPixels(page, points)]) {
    expect(near(inside, burn, 2), `linear burn ${rgb(inside)} vs ${rgb({ ...burn, a: 255 })}`).toBe(true);
    expect(near(outside, BG, 1)).toBe(true);
  }

  // Half the blend opacity: halfway between the backdrop and the blended colour.
  await setEffects(page, id, { blendParams: { mode: 'LinearBurn', opacity: 0.5 } });
  const half = { r: (burn.r + BG.r) / 2, g: (burn.g + BG.g) / 2, b: (burn.b + BG.b) / 2 };
  const [halfInside] = await exportPixels(page, points);
  expect(near(halfInside, half, 2), `linear burn at 50 % ${rgb(halfInside)}`).toBe(true);
});

test('a brightness adjustment changes the picture; brightness 0 leaves it as it was', async ({ page }) => {
  const id = await openDesignWithSquare(page);
  const points: Point[] = [
    [500, 500],
    [300, 300],
  ];
  const [plain] = await exportPixels(page, points);

  await setEffects(page, id, { adjustParams: { ...ZERO_ADJUST, brightness: 0 } });
  const [zero] = await exportPixels(page, points);
  expect(zero).toEqual(plain);
  const [liveZero] = await livePixels(page, points);
  expect(near(liveZero, plain, 1)).toBe(true);

  await setEffects(page, id, { adjustParams: { ...ZERO_ADJUST, brightness: 60 } });
  const [bright, outside] = await exportPixels(page, points);
  expect(bright.r + bright.g + bright.b, `brighter ${rgb(bright)} than ${rgb(plain)}`).toBeGreaterThan(plain.r + plain.g + plain.b + 20);
  expect(near(outside, BG, 1)).toBe(true);
  await expect
    .poll(async () => {
      const [live] = await livePixels(page, points);
      return near(live, bright, 3);
    })
    .toBe(true);

  // Canvas-wide: the same adjustment on the project changes the background too (export).
  await setEffects(page, id, { adjustParams: null });
  await page.evaluate((adjust) => window.__editor!.update((p) => ({ ...p, adjustParams: adjust })), { ...ZERO_ADJUST, brightness: 60 });
  const [wideInside, wideOutside] = await exportPixels(page, points);
  expect(near(wideInside, bright, 3), `canvas-wide ${rgb(wideInside)}`).toBe(true);
  expect(near(wideOutside, BG, 10)).toBe(false);
  await expect.poll(async () => rgb((await livePixels(page, [[300, 300]]))[0])).toBe(rgb(wideOutside));
});

const ZERO_ADJUST = {
  brightness: 0,
  contrast: 0,
  vibrance: 0,
  saturation: 0,
  exposure: 0,
  highlight: 0,
  shadow: 0,
  clarity: 0,
  sharpen: 0,
  tem: 0,
  tint: 0,
  grain: 0,
  vignette: 0,
  blur: 0,
  glow: 0,
  structure: 0,
  pgrain: { size: 0, amount: 0, highlights: 0, roughness: 0 },
};

test('the selected layer previews live through the gl-react Surface at its size on screen, like its full render', async ({ page }) => {
  const id = await openDesignWithSquare(page);
  // A picture that is not the same upside down: warm at the top, cool at the bottom.
  const [w, h] = [200, 200];
  const raw = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) raw.set([Math.round(230 - y), Math.round(60 + x / 2), Math.round(40 + y), 255], (y * w + x) * 4);
  }
  const png = await sharp(raw, { raw: { width: w, height: h, channels: 4 } })
    .png()
    .toBuffer();
  await page.getByTestId('tool.image').click();
  await page.getByTestId('image.input').setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: png });
  await expect.poll(async () => (await project(page)).layers.length).toBe(3);
  const photo = (await project(page)).layers[2].layerId;
  await page.evaluate(([layerId, rect]) => window.__editor!.updateLayers([{ layerId, rect }]), [photo, BOX] as const);
  await setEffects(page, id, { visible: false });
  await setEffects(page, photo, {
    adjustParams: { ...ZERO_ADJUST, brightness: 20, contrast: 30, saturation: 20, vignette: 40 },
    filterParams: { categoryName: 'Film', uid: 'filmSlide', lutName: 'filmSlide', strength: 80 },
  });
  const points: Point[] = [
    [420, 420],
    [580, 420],
    [500, 500],
    [420, 580],
    [580, 580],
  ];
  const drawnFrom = () =>
    page.evaluate((layerId) => {
      const node = window.__stage!.findOne((n: { id(): string }) => n.id() === layerId) as unknown as { image(): HTMLCanvasElement };
      const image = node.image();
      const gl = image instanceof HTMLCanvasElement && !image.getContext('2d');
      return { gl, width: image.width, displayed: Math.round(200 * window.__stage!.scaleX() * window.devicePixelRatio) };
    }, photo);

  // Not selected: the renderer's full render (a 2D canvas).
  await page.evaluate(() => window.__editor!.select([]));
  const full = await livePixels(page, points);
  expect((await drawnFrom()).gl).toBe(false);

  // Selected (as while its panel's sliders move): the Surface's WebGL canvas, at the layer's size on screen
  // (rounded up to 64 px), showing the same picture the right way up.
  await page.evaluate((layerId) => window.__editor!.select([layerId]), photo);
  await expect.poll(async () => (await drawnFrom()).gl).toBe(true);
  const surface = await drawnFrom();
  expect(surface.width).toBe(Math.min(200, Math.ceil(surface.displayed / 64) * 64));
  const live = await livePixels(page, points);
  live.forEach((pixel, i) => expect(near(pixel, full[i], 6), `point ${i}: live ${rgb(pixel)} vs full ${rgb(full[i])}`).toBe(true));
  // The top and the bottom stay apart (a flipped Surface would swap them).
  expect(live[0].r - live[3].r).toBeGreaterThan(60);

  // A slider step redraws the Surface.
  await setEffects(page, photo, { adjustParams: { ...ZERO_ADJUST, brightness: 60, contrast: 30, saturation: 20, vignette: 40 } });
  const brighter = await livePixels(page, points);
  expect(brighter[2].r + brighter[2].g + brighter[2].b).toBeGreaterThan(live[2].r + live[2].g + live[2].b + 30);
});
