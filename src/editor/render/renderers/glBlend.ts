/**
 * Blend-mode compositing against a backdrop (SPEC §3 Blend, blend-modes.md) for the scene: the 27 modes of
 * blend.frag on the shared WebGL context, with engine/effects/blendModes.ts on the CPU when WebGL is not
 * available (or fails; warned). Both follow the same W3C source-over formula on straight alpha.
 *
 * `preBlend: true` returns the source recoloured against the backdrop (alpha αs·opacity) instead of the
 * composite: drawn with plain source-over over that same backdrop it reproduces the composite, which is how
 * the 11 modes a canvas lacks are drawn in the Konva scene.
 */
import type { BlendMode } from '../../../../engine/doc/types';
import { blendImages, blendModeIndex, preBlendedImage } from '../../../../engine/effects/blendModes';
import { imageToCanvas, readPixels, type RgbaImage } from './effectPixels';
import type { GlRunner } from './glRunner';
import { disableWebgl, sharedRunner } from './sharedRunner';
import { loadShader } from './shaderSource';

export interface BlendOptions {
  /** Output the pre-blended source rather than the composite. */
  preBlend?: boolean;
  /** Force a path: 'webgl' throws instead of falling back, 'cpu' never touches WebGL. Default WebGL when available. */
  backend?: 'webgl' | 'cpu';
}

type Input = { canvas: HTMLCanvasElement | OffscreenCanvas } | { image: RgbaImage };

function cpuBlend(backdrop: RgbaImage, source: RgbaImage, mode: BlendMode, opacity: number, preBlend: boolean): RgbaImage {
  const blend = preBlend ? preBlendedImage : blendImages;
  return { data: blend(backdrop.data, source.data, mode, opacity), width: backdrop.width, height: backdrop.height };
}

function upload(runner: GlRunner, input: Input, width: number, height: number): WebGLTexture {
  return 'canvas' in input ? runner.texture(width, height, input.canvas as TexImageSource) : runner.texture(width, height, input.image.data);
}

/** Runs blend.frag; returns the target (caller reads or draws it, then releases it). */
async function glBlend(runner: GlRunner, backdrop: Input, source: Input, width: number, height: number, mode: BlendMode, opacity: number, preBlend: boolean) {
  const text = await loadShader('blend.frag');
  runner.program('blend.frag', text);
  const textures: WebGLTexture[] = [];
  try {
    textures.push(upload(runner, backdrop, width, height), upload(runner, source, width, height));
    const target = runner.target(width, height);
    try {
      runner.draw(
        'blend.frag',
        { backdrop: textures[0], source: textures[1], mode: blendModeIndex(mode), opacity, preBlend: preBlend ? 1 : 0 },
        target,
        width,
        height,
      );
    } catch (error) {
      runner.releaseTarget(target);
      throw error;
    }
    return target;
  } finally {
    for (const texture of textures) runner.deleteTexture(texture);
  }
}

function glRunnerFor(backend: BlendOptions['backend']): GlRunner | null {
  if (backend === 'cpu') return null;
  const runner = sharedRunner();
  if (!runner && backend === 'webgl') throw new Error('WebGL is not available');
  return runner;
}

function onGlFailure(runner: GlRunner, error: unknown, backend: BlendOptions['backend']): void {
  if (runner.isContextLost) disableWebgl('context lost during a blend');
  if (backend === 'webgl') throw error;
  console.warn(`WebGL blend failed, blending on the CPU: ${(error as Error).message}`);
}

/**
 * Composites `source` over `backdrop` (same size; the source is scaled to the backdrop's size otherwise)
 * with `mode` and `opacity` (0..1) into a new canvas.
 */
export async function blendWithBackdrop(
  backdrop: HTMLCanvasElement | OffscreenCanvas,
  source: HTMLCanvasElement | OffscreenCanvas,
  mode: BlendMode,
  opacity = 1,
  opts: BlendOptions = {},
): Promise<HTMLCanvasElement> {
  const { width, height } = backdrop;
  const runner = glRunnerFor(opts.backend);
  if (runner) {
    try {
      const src = source.width === width && source.height === height ? source : readPixels(source, width, height);
      const srcInput: Input = 'data' in src ? { image: src } : { canvas: src };
      const target = await glBlend(runner, { canvas: backdrop }, srcInput, width, height, mode, opacity, !!opts.preBlend);
      try {
        return imageToCanvas({ data: new Uint8ClampedArray(runner.read(target).buffer), width, height });
      } finally {
        runner.releaseTarget(target);
      }
    } catch (error) {
      onGlFailure(runner, error, opts.backend);
    }
  }
  const out = cpuBlend(readPixels(backdrop, width, height), readPixels(source, width, height), mode, opacity, !!opts.preBlend);
  return imageToCanvas(out);
}

/** The same on straight-alpha pixel arrays of equal size, exact in and out (tests, exports). */
export async function blendPixels(backdrop: RgbaImage, source: RgbaImage, mode: BlendMode, opacity = 1, opts: BlendOptions = {}): Promise<RgbaImage> {
  if (backdrop.width !== source.width || backdrop.height !== source.height) {
    throw new Error(`Blend images differ in size: ${backdrop.width}×${backdrop.height} and ${source.width}×${source.height}`);
  }
  const runner = glRunnerFor(opts.backend);
  if (runner) {
    try {
      const { width, height } = backdrop;
      const target = await glBlend(runner, { image: backdrop }, { image: source }, width, height, mode, opacity, !!opts.preBlend);
      try {
        return { data: new Uint8ClampedArray(runner.read(target).buffer), width, height };
      } finally {
        runner.releaseTarget(target);
      }
    } catch (error) {
      onGlFailure(runner, error, opts.backend);
    }
  }
  return cpuBlend(backdrop, source, mode, opacity, !!opts.preBlend);
}
