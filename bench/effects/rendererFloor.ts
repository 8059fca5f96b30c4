/**
 * What the page's WebGL implementation costs before any effect runs, at a given size: a pass that reads
 * nothing (fragment shading and writes only), a pass that reads its input once per pixel (the least any
 * effect pass does), and reading a result back. On a software rasteriser these bound how fast the WebGL
 * path can ever be, so the bench prints them next to the effect timings.
 */
import type { Page } from '@playwright/test';

export interface RendererFloor {
  writeOnlyMs: number;
  readOnceMs: number;
  readBackMs: number;
}

export async function rendererFloor(page: Page, width: number, height: number): Promise<RendererFloor | null> {
  return page.evaluate(
    async ({ w, h }) => {
      const fx = window.__effects!;
      if (fx.isWebglDisabled()) return null;
      const runner = fx.createRunner(document.createElement('canvas'));
      try {
        const { gl } = runner;
        runner.program('bench.writeOnly', 'precision highp float; varying vec2 uv; void main() { gl_FragColor = vec4(uv, 0.5, 1.0); }');
        runner.program('bench.readOnce', 'precision highp float; varying vec2 uv; uniform sampler2D t; void main() { gl_FragColor = texture2D(t, uv); }');
        const input = runner.texture(w, h, new Uint8Array(w * h * 4));
        const target = runner.target(w, h);
        const finish = () => {
          runner.framebuffers.push(target.framebuffer);
          gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
          runner.framebuffers.pop();
        };
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const time = (work: () => void) => {
          const times: number[] = [];
          for (let i = 0; i < 6; i++) {
            finish();
            const started = performance.now();
            work();
            finish();
            times.push(performance.now() - started);
          }
          return median(times.slice(1));
        };
        return {
          writeOnlyMs: time(() => runner.draw('bench.writeOnly', {}, target, w, h)),
          readOnceMs: time(() => runner.draw('bench.readOnce', { t: input }, target, w, h)),
          readBackMs: time(() => runner.read(target)),
        };
      } finally {
        runner.release();
      }
    },
    { w: width, h: height },
  );
}
