/**
 * The one effect renderer of the page (WebGL, or the CPU fallback when WebGL is missing or lost),
 * shared by the live stage and every export, created on first use (imported dynamically: a chunk of
 * its own as long as nothing else imports src/editor/render/renderers statically). Calls are queued: the GL
 * renderer owns a single surface, so two renders never interleave.
 */
import type { BlendMode } from '../../../engine/doc/types';
import type { EffectPass, EffectSource } from '../../../engine/effects/effectStack';

type EffectsModule = typeof import('./renderers');
type Renderer = ReturnType<EffectsModule['createEffectRenderer']>;

let loaded: Promise<EffectsModule> | null = null;
let renderer: Renderer | null = null;
let queue: Promise<unknown> = Promise.resolve();

function effectsModule(): Promise<EffectsModule> {
  loaded ??= import('./renderers');
  return loaded;
}

async function sharedRenderer(): Promise<Renderer> {
  const { createEffectRenderer } = await effectsModule();
  renderer ??= createEffectRenderer();
  return renderer;
}

function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const result = queue.then(job, job);
  queue = result.catch(() => undefined);
  return result;
}

/** Copies a canvas the renderer may reuse for its next call into one the caller owns. */
function owned(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  copy.getContext('2d')?.drawImage(canvas, 0, 0);
  return copy;
}

/**
 * `source` through `passes` into a new canvas of `size`. An export renders pictures larger than
 * the GPU's texture limit at full size (in tiles); a preview downscales them.
 */
export function renderEffects(
  source: EffectSource,
  passes: readonly EffectPass[],
  size: { width: number; height: number },
  purpose: 'preview' | 'export' = 'preview',
): Promise<HTMLCanvasElement> {
  return enqueue(async () => owned(await (await sharedRenderer()).render(source, passes, size, { purpose })));
}

/**
 * `source` recoloured against `backdrop` (same size) for `mode`: drawn with plain source-over at
 * alpha × opacity over the same backdrop it gives the W3C blend (engine/effects/blendModes).
 */
export function preBlend(backdrop: HTMLCanvasElement, source: HTMLCanvasElement, mode: BlendMode, opacity = 1): Promise<HTMLCanvasElement> {
  return enqueue(async () => owned(await (await effectsModule()).blendWithBackdrop(backdrop, source, mode, opacity, { preBlend: true })));
}
