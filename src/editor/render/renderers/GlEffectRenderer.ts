/**
 * EffectRenderer on WebGL: the passes of engine/effects/effectStack.ts drawn by the raw GlRunner with the
 * shaders of shaders/ (fetched through shaderSource.ts, only those the passes need).
 *
 * Size limits: a picture that fits MAX_TEXTURE_SIZE renders in one go. A larger one is downscaled to fit
 * for a preview, and rendered at full size in overlapping tiles for an export (each tile gets its place in
 * the whole image, so vignette, grain and blur line up across tiles).
 */
import { shaderFilesFor, type EffectPass, type EffectRenderer, type EffectSource } from '../../../../engine/effects/effectStack';
import { context2d, cropImage, fitWithin, makeCanvas, pasteImage, readPixels, sourceCanvas, type RgbaImage } from './effectPixels';
import { runGlPasses, passReach, type PassContext, type PassGeometry } from './glPasses';
import type { GlRunner } from './glRunner';
import { loadGrainTexture } from './grainSource';
import { sharedRunner } from './sharedRunner';
import { preDownloadShaders } from './shaderSource';

export type RenderPurpose = 'preview' | 'export';

export interface GlRenderOptions {
  /** 'preview' (default) downscales pictures larger than MAX_TEXTURE_SIZE; 'export' tiles them at full size. */
  purpose?: RenderPurpose;
}

const needsGrain = (passes: readonly EffectPass[]) => passes.some((p) => p.kind === 'adjust' && (p.params.grain || p.params.pgrain?.amount));

export interface GlEffectRendererOptions {
  /** The runner; default the page's shared one. */
  runner?: GlRunner;
  /** Largest side rendered in one go (default MAX_TEXTURE_SIZE; smaller values force tiling, for tests). */
  maxSide?: number;
}

export class GlEffectRenderer implements EffectRenderer {
  readonly kind = 'webgl' as const;
  readonly runner: GlRunner;
  private readonly maxSide: number;
  private grainBytes: Uint8Array | null = null;

  /** @throws Error when no runner is given and WebGL is unavailable. */
  constructor(opts: GlEffectRendererOptions = {}) {
    this.runner = opts.runner ?? requireShared();
    this.maxSide = Math.min(this.runner.maxTextureSize, opts.maxSide ?? Infinity);
  }

  /** The largest side this renderer draws without tiling or downscaling. */
  get maxTextureSize(): number {
    return this.maxSide;
  }

  async render(
    source: EffectSource,
    passes: readonly EffectPass[],
    size: { width: number; height: number },
    opts: GlRenderOptions = {},
  ): Promise<HTMLCanvasElement> {
    const max = this.maxSide;
    const tooBig = size.width > max || size.height > max;
    if (tooBig && opts.purpose === 'export') {
      const image = readPixels(source, size.width, size.height);
      const out = await this.renderPixels(image, passes);
      const canvas = makeCanvas(out.width, out.height);
      context2d(canvas).putImageData(new ImageData(new Uint8ClampedArray(out.data), out.width, out.height), 0, 0);
      return canvas;
    }
    const { width, height } = tooBig ? fitWithin(size.width, size.height, max) : size;
    await this.prepare(passes);
    if (!passes.length) return copyCanvas(source, width, height);
    const input = this.sourceTexture(source, width, height);
    try {
      const result = runGlPasses(this.context(width, height, 0, 0), { texture: input.texture, width, height }, passes);
      if (!result.target) return copyCanvas(source, width, height); // every pass skipped (a filter not downloaded)
      try {
        // readPixels + putImageData rather than drawing the GL canvas: exact, and on a software rasteriser
        // (SwiftShader) about twice as fast as drawImage of a WebGL canvas.
        const bytes = this.runner.read(result.target);
        const canvas = makeCanvas(width, height);
        context2d(canvas).putImageData(new ImageData(new Uint8ClampedArray(bytes.buffer), width, height), 0, 0);
        return canvas;
      } finally {
        this.runner.releaseTarget(result.target);
      }
    } finally {
      if (input.owned) this.runner.deleteTexture(input.texture);
    }
  }

  /**
   * The source on the GPU at width×height. Decoded images and bitmaps cannot change, so their upload is kept in
   * the texture pool and a slider drag re-runs only the passes; canvases (which can be redrawn) upload each time.
   */
  private sourceTexture(source: EffectSource, width: number, height: number): { texture: WebGLTexture; owned: boolean } {
    const immutable =
      (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement) || (typeof ImageBitmap !== 'undefined' && source instanceof ImageBitmap);
    const upload = () => this.runner.texture(width, height, sourceCanvas(source, width, height) as TexImageSource);
    if (!immutable) return { texture: upload(), owned: true };
    return { texture: this.runner.pool.getOrCreate(`source:${sourceId(source)}:${width}x${height}`, upload), owned: false };
  }

  /** Renders straight-alpha pixels exactly (upload and readback of bytes), tiling when larger than the GPU allows. */
  async renderPixels(image: RgbaImage, passes: readonly EffectPass[]): Promise<RgbaImage> {
    await this.prepare(passes);
    const max = this.maxSide;
    if (image.width <= max && image.height <= max) return this.renderRegion(image, passes, 0, 0, image.width, image.height);
    const reach = Math.min(passReach(passes, image.width, image.height), Math.floor(max / 4));
    const step = max - 2 * reach;
    const out: RgbaImage = { data: new Uint8ClampedArray(image.data.length), width: image.width, height: image.height };
    for (let y = 0; y < image.height; y += step) {
      for (let x = 0; x < image.width; x += step) {
        const w = Math.min(step, image.width - x);
        const h = Math.min(step, image.height - y);
        const x0 = Math.max(0, x - reach);
        const y0 = Math.max(0, y - reach);
        const x1 = Math.min(image.width, x + w + reach);
        const y1 = Math.min(image.height, y + h + reach);
        const tile = this.renderRegion(cropImage(image, x0, y0, x1 - x0, y1 - y0), passes, x0, y0, image.width, image.height);
        pasteImage(out, tile, x - x0, y - y0, w, h, x, y);
      }
    }
    return out;
  }

  /** Nothing to free: the runner is the page's shared one (its textures live in its pool). */
  dispose(): void {}

  /** Downloads the shaders the passes need (a LUT whose shader fails is skipped later) and the grain texture. */
  private async prepare(passes: readonly EffectPass[]): Promise<void> {
    this.checkContext();
    const ok = await preDownloadShaders(shaderFilesFor(passes));
    if (!ok) console.warn('Some effect shaders could not be downloaded');
    if (needsGrain(passes) && !this.grainBytes) this.grainBytes = await loadGrainTexture();
    this.checkContext();
  }

  private checkContext(): void {
    if (this.runner.isContextLost) throw new Error('WebGL context lost');
  }

  private context(imageWidth: number, imageHeight: number, originX: number, originY: number): PassContext {
    const geometry: PassGeometry = { imageWidth, imageHeight, originX, originY };
    return { runner: this.runner, geometry, grain: () => this.grainTexture() };
  }

  private grainTexture(): { texture: WebGLTexture; size: number } {
    const bytes = this.grainBytes;
    if (!bytes) throw new Error('Grain texture was not loaded');
    const size = Math.round(Math.sqrt(bytes.length));
    const texture = this.runner.pool.getOrCreate(`grain:${size}`, () => {
      const rgba = new Uint8Array(bytes.length * 4);
      for (let i = 0; i < bytes.length; i++) {
        rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = bytes[i];
        rgba[i * 4 + 3] = 255;
      }
      return this.runner.texture(size, size, rgba);
    });
    return { texture, size };
  }

  private renderRegion(
    image: RgbaImage,
    passes: readonly EffectPass[],
    originX: number,
    originY: number,
    fullWidth = image.width,
    fullHeight = image.height,
  ): RgbaImage {
    const { width, height } = image;
    const texture = this.runner.texture(width, height, image.data);
    try {
      const result = runGlPasses(this.context(fullWidth, fullHeight, originX, originY), { texture, width, height }, passes);
      if (!result.target) return { data: new Uint8ClampedArray(image.data), width, height };
      try {
        const bytes = this.runner.read(result.target);
        return { data: new Uint8ClampedArray(bytes.buffer), width, height };
      } finally {
        this.runner.releaseTarget(result.target);
      }
    } finally {
      this.runner.deleteTexture(texture);
    }
  }
}

const sourceIds = new WeakMap<object, number>();
let nextSourceId = 1;

function sourceId(source: object): number {
  let id = sourceIds.get(source);
  if (id === undefined) {
    id = nextSourceId++;
    sourceIds.set(source, id);
  }
  return id;
}

function copyCanvas(source: EffectSource, width: number, height: number): HTMLCanvasElement {
  const canvas = makeCanvas(width, height);
  context2d(canvas).drawImage(source as CanvasImageSource, 0, 0, width, height);
  return canvas;
}

function requireShared(): GlRunner {
  const runner = sharedRunner();
  if (!runner) throw new Error('WebGL is not available');
  return runner;
}
