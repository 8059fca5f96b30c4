/**
 * Picks the effect renderer (SPEC issue 5 §10): WebGL when a context can be created and its smoke-test draw
 * reads back right, else the CPU. The returned renderer keeps watching: after 'webglcontextlost' it renders
 * on the CPU for the rest of the session (warned once), and a GL render that fails for another reason
 * (a shader that will not compile, a texture too large for the driver) is redone on the CPU and warned,
 * so the user still gets a correct picture. Exports render at full resolution on either path.
 */
import type { EffectPass, EffectRenderer, EffectSource } from '../../../../engine/effects/effectStack';
import { CpuEffectRenderer } from './CpuEffectRenderer';
import type { RgbaImage } from './effectPixels';
import { GlEffectRenderer, type GlRenderOptions } from './GlEffectRenderer';
import { disableWebgl, isWebglDisabled, sharedRunner } from './sharedRunner';

export interface CreateEffectRendererOptions {
  /** Never use WebGL (tests, or a user setting). */
  forceCpu?: boolean;
}

/** An EffectRenderer whose `kind` says which path the next render takes. */
export class AdaptiveEffectRenderer implements EffectRenderer {
  private readonly cpu = new CpuEffectRenderer();
  private gl: GlEffectRenderer | null;

  constructor(gl: GlEffectRenderer | null) {
    this.gl = gl;
  }

  get kind(): 'webgl' | 'cpu' {
    return this.currentGl() ? 'webgl' : 'cpu';
  }

  render(source: EffectSource, passes: readonly EffectPass[], size: { width: number; height: number }, opts?: GlRenderOptions): Promise<HTMLCanvasElement> {
    return this.withFallback(
      (gl) => gl.render(source, passes, size, { purpose: 'preview', ...opts }),
      () => this.cpu.render(source, passes, size),
    );
  }

  renderPixels(image: RgbaImage, passes: readonly EffectPass[]): Promise<RgbaImage> {
    return this.withFallback(
      (gl) => gl.renderPixels(image, passes),
      () => this.cpu.renderPixels(image, passes),
    );
  }

  dispose(): void {
    this.gl?.dispose();
    this.gl = null;
  }

  private currentGl(): GlEffectRenderer | null {
    if (this.gl && (isWebglDisabled() || this.gl.runner.isContextLost)) {
      if (!isWebglDisabled()) disableWebgl('context lost');
      this.gl = null;
    }
    return this.gl;
  }

  private async withFallback<T>(onGl: (gl: GlEffectRenderer) => Promise<T>, onCpu: () => Promise<T>): Promise<T> {
    const gl = this.currentGl();
    if (!gl) return onCpu();
    try {
      return await onGl(gl);
    } catch (error) {
      if (gl.runner.isContextLost) disableWebgl('context lost during a render');
      console.warn(`WebGL effect render failed, rendering on the CPU: ${(error as Error).message}`);
      return onCpu();
    }
  }
}

/** The renderer for this page: WebGL (shared context) when usable, else the CPU. Never throws. */
export function createEffectRenderer(opts: CreateEffectRendererOptions = {}): AdaptiveEffectRenderer {
  if (opts.forceCpu || typeof document === 'undefined') return new AdaptiveEffectRenderer(null);
  const runner = sharedRunner();
  return new AdaptiveEffectRenderer(runner ? new GlEffectRenderer({ runner }) : null);
}
