/**
 * EffectRenderer on the CPU (SPEC issue 5 §10 fallback): slower but the same numbers — it runs the engine's
 * reference functions, which the GL shaders are tested against. Used when WebGL is missing or was lost.
 */
import type { EffectPass, EffectRenderer, EffectSource } from '../../../../engine/effects/effectStack';
import { runCpuPasses } from './cpuPasses';
import { imageToCanvas, readPixels, type RgbaImage } from './effectPixels';
import { loadGrainTexture } from './grainSource';

const needsGrain = (passes: readonly EffectPass[]) => passes.some((p) => p.kind === 'adjust' && (p.params.grain || p.params.pgrain?.amount));

export class CpuEffectRenderer implements EffectRenderer {
  readonly kind = 'cpu' as const;

  /** Renders `source` drawn at `size` through `passes` into a new canvas. */
  async render(source: EffectSource, passes: readonly EffectPass[], size: { width: number; height: number }): Promise<HTMLCanvasElement> {
    const image = readPixels(source, size.width, size.height);
    return imageToCanvas(await this.renderPixels(image, passes));
  }

  /** The same on straight-alpha pixels (exact in and out; used by tests and tiling). */
  async renderPixels(image: RgbaImage, passes: readonly EffectPass[]): Promise<RgbaImage> {
    const grainTexture = needsGrain(passes) ? await loadGrainTexture() : undefined;
    return runCpuPasses(image, passes, { grainTexture });
  }

  dispose(): void {
    // Nothing held between calls.
  }
}
