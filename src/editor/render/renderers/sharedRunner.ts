/**
 * The page's one WebGL context for effects (browsers keep only ~16 live contexts per page and drop the
 * oldest), shared by GlEffectRenderer and glBlend. Created lazily, checked with a smoke-test draw, and
 * given up for the rest of the session when the context is lost (console.warn): everything then renders
 * on the CPU.
 */
import { GlRunner } from './glRunner';

/** Plumbing shaders of the runner itself (not effects, so not fetched from /raw/gl). */
export const SMOKE_FRAG = `precision highp float;
varying vec2 uv;
void main() { gl_FragColor = vec4(0.25, 0.5, 0.75, 1.0); }`;

let shared: GlRunner | null | undefined;
let lostForSession = false;

/** True once a WebGL context was lost or failed: the session stays on the CPU. */
export function isWebglDisabled(): boolean {
  return lostForSession;
}

/** Marks WebGL unusable for the rest of the session (context lost, smoke test failed). */
export function disableWebgl(reason: string): void {
  if (!lostForSession) console.warn(`WebGL effects disabled for this session (${reason}); rendering on the CPU`);
  lostForSession = true;
  shared = null;
}

/** Draws one pixel and reads it back; throws when the runner cannot render correctly. */
export function smokeTest(runner: GlRunner): void {
  runner.program('smoke', SMOKE_FRAG);
  const target = runner.target(1, 1);
  try {
    runner.draw('smoke', {}, target, 1, 1);
    const [r, g, b, a] = runner.read(target);
    const ok = Math.abs(r - 64) <= 1 && Math.abs(g - 128) <= 1 && Math.abs(b - 191) <= 1 && a === 255;
    if (!ok) throw new Error(`WebGL smoke test read back ${r},${g},${b},${a} instead of 64,128,191,255`);
  } finally {
    runner.releaseTarget(target);
  }
}

/** Creates a runner on a new canvas, smoke-tested and watched for context loss. Throws when unusable. */
export function createRunner(canvas?: HTMLCanvasElement | OffscreenCanvas, attributes?: WebGLContextAttributes): GlRunner {
  const runner = new GlRunner(canvas, attributes);
  try {
    smokeTest(runner);
  } catch (error) {
    runner.release();
    throw error;
  }
  runner.canvas.addEventListener('webglcontextlost', () => {
    // A disposed runner gives its context back on purpose; any other loss moves the session to the CPU.
    if (!runner.isDisposed) disableWebgl('webglcontextlost');
  });
  return runner;
}

/** The shared runner, or null when WebGL is unavailable or was lost this session. */
export function sharedRunner(): GlRunner | null {
  if (lostForSession) return null;
  if (shared === undefined) {
    try {
      shared = createRunner();
    } catch (error) {
      disableWebgl((error as Error).message);
    }
  }
  if (shared?.isContextLost) disableWebgl('context lost');
  return shared ?? null;
}
