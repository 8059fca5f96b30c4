/**
 * The WebGL effect passes against the CPU reference, in real Chromium (SwiftShader WebGL here): every
 * adjustment at its min, middle and max, pgrain, LUT filters, blur, and all 27 blend modes on test colours
 * with alpha. GL ≈ CPU within ±2 per channel (±3 where a blur is involved); all-neutral parameters are bit
 * exact; the 16 W3C modes also match the browser's own globalCompositeOperation within ±2.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const ADJUST_KEYS = [
  'brightness',
  'contrast',
  'vibrance',
  'saturation',
  'exposure',
  'highlight',
  'shadow',
  'clarity',
  'sharpen',
  'tem',
  'tint',
  'grain',
  'vignette',
  'glow',
  'structure',
] as const;
const POSITIVE_ONLY = new Set(['clarity', 'sharpen', 'grain']);
const BLURRY = new Set(['clarity', 'sharpen', 'structure', 'glow']);

interface Diff {
  max: number;
  at: number;
  gl: number[];
  cpu: number[];
}

let page: Page;
/** Warnings and errors the page logged about WebGL or shaders (a silent CPU fallback would hide GL bugs). */
const glComplaints: string[] = [];
/** URLs of the shader downloads. */
const shaderRequests: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  page.on('request', (request) => {
    if (request.url().includes('/raw/gl/')) shaderRequests.push(request.url());
  });
  page.on('console', (message) => {
    const text = message.text();
    // Chromium's own driver notes ("GPU stall due to ReadPixels") are performance hints, not failures.
    if (text.includes('GL Driver Message')) return;
    if ((message.type() === 'warning' || message.type() === 'error') && /webgl|shader|grain|framebuffer|texture/i.test(text)) {
      glComplaints.push(text);
    }
  });
  await page.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
  await page.goto('/en/create');
  await page.getByTestId('create.preset.square').click();
  await page.waitForFunction(() => !!window.__effects);
  // Helpers shared by the tests below, defined once in the page.
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    /** A deterministic 61×47 test picture: gradients, saturated and dull colours, soft alpha in one band. */
    w.__testImage = (withAlpha: boolean) => {
      const width = 61,
        height = 47;
      const data = new Uint8ClampedArray(width * height * 4);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          data[i] = Math.round((x / (width - 1)) * 255);
          data[i + 1] = Math.round((y / (height - 1)) * 255);
          data[i + 2] = (x * 37 + y * 91) % 256;
          data[i + 3] = withAlpha && y > 30 ? 40 + ((x * 13) % 216) : 255;
        }
      }
      return { data, width, height };
    };
    w.__diff = (a: { data: Uint8ClampedArray }, b: { data: Uint8ClampedArray }, skipAlphaZero = true) => {
      let max = -1,
        at = -1;
      for (let i = 0; i < a.data.length; i++) {
        // A fully transparent pixel has no colour: compare its alpha only.
        if (skipAlphaZero && i % 4 !== 3 && a.data[i - (i % 4) + 3] === 0 && b.data[i - (i % 4) + 3] === 0) continue;
        const d = Math.abs(a.data[i] - b.data[i]);
        if (d > max) {
          max = d;
          at = i;
        }
      }
      const p = at - (at % 4);
      return { max, at: p / 4, gl: [...a.data.slice(p, p + 4)], cpu: [...b.data.slice(p, p + 4)] };
    };
  });
});

test.afterAll(async () => {
  await page.close();
});

/** Renders `passes` (built in the page from `spec`) with GL and CPU and returns their largest channel difference. */
async function compareAdjust(params: Record<string, unknown>, withAlpha = false): Promise<Diff & { kind: string; passes: number }> {
  return page.evaluate(
    async ({ params, withAlpha }) => {
      const fx = window.__effects!;
      const w = window as unknown as { __testImage: (a: boolean) => never; __diff: (a: unknown, b: unknown) => Diff };
      const image = w.__testImage(withAlpha);
      const full = { ...fx.defaultAdjustParams(), ...params, pgrain: { ...fx.defaultAdjustParams().pgrain, ...(params.pgrain as object) } };
      const passes = fx.layerEffectPasses({ adjustParams: full, filterParams: null }, { layerWidth: 61 });
      const renderer = new fx.GlEffectRenderer();
      const gl = await renderer.renderPixels(image, passes);
      const cpu = await new fx.CpuEffectRenderer().renderPixels(image, passes);
      return { ...w.__diff(gl, cpu), kind: renderer.kind, passes: passes.length };
    },
    { params, withAlpha },
  );
}

test('the effect renderer uses WebGL in this browser', async () => {
  const kind = await page.evaluate(() => window.__effects!.createEffectRenderer().kind);
  expect(kind).toBe('webgl');
});

test('all-neutral adjustments are bit exact, through the passes and through the shader itself', async () => {
  const result = await page.evaluate(async () => {
    const fx = window.__effects!;
    const w = window as unknown as {
      __testImage: (a: boolean) => { data: Uint8ClampedArray; width: number; height: number };
      __diff: (a: unknown, b: unknown, s?: boolean) => Diff;
    };
    const image = w.__testImage(true);
    const renderer = new fx.GlEffectRenderer();
    const none = fx.layerEffectPasses({ adjustParams: fx.defaultAdjustParams(), filterParams: null });
    const viaStack = await renderer.renderPixels(image, none);
    // An adjust pass with every value neutral runs adjust.frag with every step skipped.
    const viaShader = await renderer.renderPixels(image, [{ kind: 'adjust', params: fx.defaultAdjustParams() }]);
    return { passes: none.length, stack: w.__diff(viaStack, image, false).max, shader: w.__diff(viaShader, image, false).max, kind: renderer.kind };
  });
  expect(result).toEqual({ passes: 0, stack: 0, shader: 0, kind: 'webgl' });
});

for (const key of ADJUST_KEYS) {
  const values = POSITIVE_ONLY.has(key) ? [1, 50, 100] : [-100, 50, 100];
  test(`adjustment ${key} at ${values.join(', ')}: GL matches the CPU`, async () => {
    const tolerance = BLURRY.has(key) ? 3 : 2;
    for (const value of values) {
      const diff = await compareAdjust({ [key]: value });
      expect(diff.kind).toBe('webgl');
      expect(diff.passes, `${key} ${value} makes a pass`).toBeGreaterThan(0);
      expect(diff.max, `${key}=${value}: GL ${diff.gl} vs CPU ${diff.cpu} at pixel ${diff.at}`).toBeLessThanOrEqual(tolerance);
    }
  });
}

test('pgrain and a mixed stack on a picture with alpha: GL matches the CPU', async () => {
  const cases: Record<string, unknown>[] = [
    { pgrain: { size: 0, amount: 100, highlights: 0, roughness: 0 } },
    { pgrain: { size: 100, amount: 60, highlights: 50, roughness: 100 } },
    { pgrain: { size: 40, amount: 30, highlights: 100, roughness: 30 } },
    { brightness: 20, contrast: -30, saturation: 40, vignette: -60, grain: 30, tem: 25, tint: -40, shadow: 30, highlight: -20 },
    { clarity: 60, structure: -40, sharpen: 70, glow: -50, exposure: 30, vibrance: -70 },
  ];
  for (const params of cases) {
    const diff = await compareAdjust(params, true);
    expect(diff.max, `${JSON.stringify(params)}: GL ${diff.gl} vs CPU ${diff.cpu} at pixel ${diff.at}`).toBeLessThanOrEqual(3);
  }
});

test('blur at several amounts (with alpha): GL matches the CPU within ±3', async () => {
  for (const blur of [10, -45, 100]) {
    const diff = await compareAdjust({ blur }, true);
    expect(diff.passes).toBe(1);
    expect(diff.max, `blur=${blur}: GL ${diff.gl} vs CPU ${diff.cpu} at pixel ${diff.at}`).toBeLessThanOrEqual(3);
  }
});

test('every LUT filter, and a half-strength one with combination adjustments: GL matches the CPU', async () => {
  const results = await page.evaluate(async () => {
    const fx = window.__effects!;
    const w = window as unknown as { __testImage: (a: boolean) => never; __diff: (a: unknown, b: unknown) => Diff };
    const image = w.__testImage(true);
    const renderer = new fx.GlEffectRenderer();
    const cpu = new fx.CpuEffectRenderer();
    const out: { uid: string; max: number; passes: number; detail: string }[] = [];
    const strengths = fx.FILTERS.map((f, i) => [f, i === 0 ? 50 : 100] as const);
    for (const [filter, strength] of strengths) {
      const passes = fx.layerEffectPasses({
        adjustParams: null,
        filterParams: { categoryName: filter.categoryName, uid: filter.uid, lutName: filter.lutName, strength },
      });
      const d = w.__diff(await renderer.renderPixels(image, passes), await cpu.renderPixels(image, passes));
      out.push({ uid: filter.uid, max: d.max, passes: passes.length, detail: `GL ${d.gl} vs CPU ${d.cpu} at ${d.at}` });
    }
    return out;
  });
  expect(results.length).toBeGreaterThanOrEqual(40);
  for (const r of results) {
    expect(r.passes, r.uid).toBeGreaterThan(0);
    expect(r.max, `${r.uid}: ${r.detail}`).toBeLessThanOrEqual(3);
  }
});

/** Backdrop and source images holding every pair of a few test colours, with several alphas each. */
async function blendAll(opacity: number) {
  return page.evaluate(async (opacity) => {
    const fx = window.__effects!;
    const colours = [
      [0, 0, 0],
      [255, 255, 255],
      [153, 153, 153],
      [77, 77, 77],
      [255, 0, 0],
      [0, 200, 90],
      [30, 60, 250],
      [250, 200, 20],
      [128, 128, 128],
      [100, 155, 12],
      [12, 240, 230],
      [200, 30, 140],
      // HardMix edges against 153 and 77 (sums 255 and 254), and a DarkerColor/LighterColor tie with pure red.
      [102, 178, 101],
      [55, 100, 100],
    ];
    const alphas = [255, 200, 128, 30, 0];
    const n = colours.length * alphas.length;
    const make = (transpose: boolean) => {
      const data = new Uint8ClampedArray(n * n * 4);
      for (let y = 0; y < n; y++) {
        for (let x = 0; x < n; x++) {
          const k = transpose ? y : x;
          const c = colours[k % colours.length];
          const a = alphas[Math.floor(k / colours.length)];
          data.set([c[0], c[1], c[2], a], (y * n + x) * 4);
        }
      }
      return { data, width: n, height: n };
    };
    const backdrop = make(false);
    const source = make(true);
    const w = window as unknown as { __diff: (a: unknown, b: unknown) => Diff };
    const modes = [
      'BaseMerge',
      'Normal',
      'Multiply',
      'Darken',
      'Lighten',
      'ColorBurn',
      'LinearBurn',
      'ColorDodge',
      'LinearDodge',
      'Screen',
      'Overlay',
      'HardLight',
      'Difference',
      'Exclusion',
      'SoftLight',
      'VividLight',
      'LinearLight',
      'PinLight',
      'HardMix',
      'Subtract',
      'Divide',
      'Hue',
      'Saturation',
      'Color',
      'Luminosity',
      'DarkerColor',
      'LighterColor',
    ] as const;
    const out: { mode: string; gl: number; canvas: number | null; detail: string; canvasDetail: string }[] = [];
    for (const mode of modes) {
      const gl = await fx.blendPixels(backdrop, source, mode, opacity, { backend: 'webgl' });
      const cpu = await fx.blendPixels(backdrop, source, mode, opacity, { backend: 'cpu' });
      const d = w.__diff(gl, cpu);
      let canvasMax: number | null = null;
      let canvasDetail = '';
      const op = fx.W3C_COMPOSITE_OP[mode];
      if (op && mode !== 'BaseMerge') {
        // The browser's own compositing, on opaque-enough pixels (a 2D canvas stores premultiplied bytes, so
        // colour read back from low alpha is coarse).
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = n;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        ctx.putImageData(new ImageData(new Uint8ClampedArray(backdrop.data), n, n), 0, 0);
        const layer = document.createElement('canvas');
        layer.width = layer.height = n;
        layer.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(source.data), n, n), 0, 0);
        ctx.globalAlpha = opacity;
        ctx.globalCompositeOperation = op;
        ctx.drawImage(layer, 0, 0);
        const browser = ctx.getImageData(0, 0, n, n).data;
        canvasMax = 0;
        for (let i = 0; i < browser.length; i += 4) {
          // A 2D canvas keeps premultiplied bytes: a source pixel with alpha < 255 loses colour bits before it
          // is blended (12 at alpha 200 is stored as 9 → 11.5; ColorBurn turns that into 4 levels), and a
          // see-through result reads back coarsely. So the browser is compared on opaque pixels, with the
          // alpha coming from globalAlpha (the opacity 0.6 run); GL vs CPU above covers every alpha.
          if (backdrop.data[i + 3] !== 255 || source.data[i + 3] !== 255) continue;
          for (let c = 0; c < 4; c++) {
            const diff = Math.abs(browser[i + c] - gl.data[i + c]);
            if (diff > canvasMax) {
              canvasMax = diff;
              canvasDetail = `browser ${[...browser.slice(i, i + 4)]} vs GL ${[...gl.data.slice(i, i + 4)]} for ${[...backdrop.data.slice(i, i + 4)]} + ${[...source.data.slice(i, i + 4)]}`;
            }
          }
        }
      }
      out.push({ mode, gl: d.max, canvas: canvasMax, detail: `GL ${d.gl} vs CPU ${d.cpu} at ${d.at}`, canvasDetail });
    }
    return out;
  }, opacity);
}

for (const opacity of [1, 0.6]) {
  test(`all 27 blend modes at opacity ${opacity}: GL matches the CPU, W3C modes match the browser`, async () => {
    const results = await blendAll(opacity);
    expect(results).toHaveLength(27);
    for (const r of results) {
      expect(r.gl, `${r.mode}: ${r.detail}`).toBeLessThanOrEqual(2);
      if (r.canvas !== null) expect(r.canvas, `${r.mode} vs globalCompositeOperation: ${r.canvasDetail}`).toBeLessThanOrEqual(2);
    }
    expect(results.filter((r) => r.canvas !== null)).toHaveLength(16);
  });
}

test('render() to a canvas and blendWithBackdrop agree with the pixel paths', async () => {
  const result = await page.evaluate(async () => {
    const fx = window.__effects!;
    const w = window as unknown as {
      __testImage: (a: boolean) => { data: Uint8ClampedArray; width: number; height: number };
      __diff: (a: unknown, b: unknown) => Diff;
    };
    const image = w.__testImage(false);
    const toCanvas = (img: { data: Uint8ClampedArray; width: number; height: number }) => {
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      c.getContext('2d')!.putImageData(new ImageData(new Uint8ClampedArray(img.data), img.width, img.height), 0, 0);
      return c;
    };
    const read = (c: HTMLCanvasElement) => ({ data: c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data });
    const params = { ...fx.defaultAdjustParams(), contrast: 40, vignette: 80, grain: 40 };
    const passes = fx.layerEffectPasses({ adjustParams: params, filterParams: null });
    const renderer = new fx.GlEffectRenderer();
    const canvas = await renderer.render(toCanvas(image), passes, { width: image.width, height: image.height });
    const pixels = await renderer.renderPixels(image, passes);
    // The picture upside down (whole pixels, still opaque: a canvas would coarsen a see-through source).
    const flipped = { ...image, data: new Uint8ClampedArray(new Uint32Array(image.data.slice().buffer).reverse().buffer) };
    const blended = await fx.blendWithBackdrop(toCanvas(image), toCanvas(flipped), 'VividLight', 0.7, { backend: 'webgl' });
    const blendedCpu = await fx.blendPixels(image, flipped, 'VividLight', 0.7, { backend: 'cpu' });
    return {
      size: [canvas.width, canvas.height],
      render: w.__diff(read(canvas), pixels).max,
      blend: w.__diff(read(blended), blendedCpu).max,
    };
  });
  expect(result).toEqual({ size: [61, 47], render: 0, blend: expect.any(Number) });
  expect(result.blend).toBeLessThanOrEqual(2);
});

test('a picture larger than the tile limit renders in tiles exactly like in one piece', async () => {
  const result = await page.evaluate(async () => {
    const fx = window.__effects!;
    const w = window as unknown as { __testImage: (a: boolean) => never; __diff: (a: unknown, b: unknown) => Diff };
    const image = w.__testImage(true);
    const params = {
      ...fx.defaultAdjustParams(),
      vignette: 70,
      grain: 50,
      sharpen: 60,
      clarity: 50,
      blur: 40,
      contrast: 20,
      pgrain: { size: 60, amount: 50, highlights: 20, roughness: 40 },
    };
    const passes = fx.layerEffectPasses({ adjustParams: params, filterParams: null }, { layerWidth: 61 });
    const whole = await new fx.GlEffectRenderer().renderPixels(image, passes);
    const tiled = await new fx.GlEffectRenderer({ maxSide: 32 }).renderPixels(image, passes);
    const previewCanvas = document.createElement('canvas');
    previewCanvas.width = 61;
    previewCanvas.height = 47;
    const preview = await new fx.GlEffectRenderer({ maxSide: 32 }).render(previewCanvas, passes, { width: 61, height: 47 });
    return { diff: w.__diff(tiled, whole).max, preview: [preview.width, preview.height] };
  });
  // Tiles overlap by the blur reach and know their place in the whole (vignette, grain): identical pixels.
  expect(result.diff).toBe(0);
  // A preview larger than the GPU allows is downscaled instead.
  expect(result.preview).toEqual([32, 24]);
});

test('wide blurs on a photo run on a downscaled copy and stay close to the exact CPU blur', async () => {
  const photo = (await readFile(path.resolve('tests/assets/photos/coffee.jpg'))).toString('base64');
  const stats = await page.evaluate(async (photo) => {
    const fx = window.__effects!;
    const blob = await (await fetch(`data:image/jpeg;base64,${photo}`)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(bitmap, 0, 0);
    const image = { data: ctx.getImageData(0, 0, canvas.width, canvas.height).data, width: canvas.width, height: canvas.height };
    const out: Record<string, { mean: number; p999: number; max: number }> = {};
    // 600 px wide: clarity/glow blur σ 6 px and the blur-100 σ 3.1 px both take the downscaled path.
    for (const [name, params] of Object.entries({ clarity: { clarity: 100 }, glow: { glow: 100 }, blur: { blur: 100 } })) {
      const passes = fx.layerEffectPasses({ adjustParams: { ...fx.defaultAdjustParams(), ...params }, filterParams: null }, { layerWidth: image.width });
      const gl = await new fx.GlEffectRenderer().renderPixels(image, passes);
      const cpu = await new fx.CpuEffectRenderer().renderPixels(image, passes);
      const diffs: number[] = [];
      for (let i = 0; i < gl.data.length; i++) if (i % 4 !== 3) diffs.push(Math.abs(gl.data[i] - cpu.data[i]));
      diffs.sort((a, b) => a - b);
      out[name] = { mean: diffs.reduce((a, b) => a + b, 0) / diffs.length, p999: diffs[Math.floor(diffs.length * 0.999)], max: diffs.at(-1)! };
    }
    return out;
  }, photo);
  // Measured: clarity 100 mean 0.50 / p99.9 5, glow and blur 0.34–0.38 / 4. The largest differences sit on the
  // photo's last row, whose colour the exact blur repeats beyond the edge while the downscaled copy averages it
  // with the row above (clarity's ×1.5 gain shows it most).
  for (const [name, s] of Object.entries(stats)) {
    expect(s.mean, `${name} ${JSON.stringify(s)}`).toBeLessThan(0.75);
    expect(s.p999, `${name} ${JSON.stringify(s)}`).toBeLessThanOrEqual(6);
  }
});

test('shaders travel encrypted and nothing fell back to the CPU or complained about WebGL, shaders or textures', () => {
  expect(shaderRequests.some((url) => url.endsWith('/raw/gl/adjust.frag'))).toBe(true);
  expect(shaderRequests.filter((url) => url.includes('plain='))).toEqual([]);
  expect(glComplaints).toEqual([]);
});

test('a filter whose shader did not download is skipped with a warning; a lost context moves to the CPU', async ({ browser }) => {
  const second = await browser.newPage();
  const warnings: string[] = [];
  second.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await second.addInitScript(() => localStorage.setItem('lumacut.testHandle', '1'));
  await second.route('**/raw/gl/lut.frag*', (route) => route.fulfill({ status: 500, body: 'broken' }));
  await second.goto('/en/create');
  await second.getByTestId('create.preset.square').click();
  await second.waitForFunction(() => !!window.__effects);
  const result = await second.evaluate(async () => {
    const fx = window.__effects!;
    const image = { data: new Uint8ClampedArray(8 * 8 * 4).fill(90), width: 8, height: 8 };
    const filter = fx.FILTERS[3];
    const passes = fx.layerEffectPasses({
      adjustParams: { ...fx.defaultAdjustParams(), brightness: 50 },
      filterParams: { categoryName: filter.categoryName, uid: filter.uid, lutName: filter.lutName, strength: 100, combination: {} },
    });
    const renderer = fx.createEffectRenderer();
    const gl = await renderer.renderPixels(image, passes);
    const withoutFilter = await new fx.CpuEffectRenderer().renderPixels(
      image,
      passes.filter((p) => p.kind !== 'lut'),
    );
    const kindBefore = renderer.kind;
    const lose = new fx.GlEffectRenderer().runner.gl.getExtension('WEBGL_lose_context')!;
    lose.loseContext();
    await new Promise((r) => setTimeout(r, 100));
    const after = await renderer.renderPixels(image, passes);
    const cpu = await new fx.CpuEffectRenderer().renderPixels(image, passes);
    return {
      kinds: passes.map((p) => p.kind),
      skipped: Math.max(...gl.data.map((v, i) => Math.abs(v - withoutFilter.data[i]))),
      kindBefore,
      kindAfter: renderer.kind,
      fresh: fx.createEffectRenderer().kind,
      disabled: fx.isWebglDisabled(),
      afterVsCpu: Math.max(...after.data.map((v, i) => Math.abs(v - cpu.data[i]))),
    };
  });
  expect(result).toEqual({
    kinds: ['lut', 'adjust'],
    skipped: expect.any(Number),
    kindBefore: 'webgl',
    kindAfter: 'cpu',
    fresh: 'cpu',
    disabled: true,
    afterVsCpu: 0,
  });
  // The GL picture is the adjustment alone (the filter would move these greys far more than 2 levels).
  expect(result.skipped).toBeLessThanOrEqual(2);
  expect(warnings.some((w) => /Filter .* skipped: its shader lut\.frag was not pre-downloaded/.test(w))).toBe(true);
  expect(warnings.some((w) => /WebGL effects disabled for this session/.test(w))).toBe(true);
  await second.close();
});
