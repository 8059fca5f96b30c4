import type { CV } from '@techstark/opencv-js';
import { loadOpenCv as loadSharedOpenCv } from '../inpaint/opencv';

/**
 * The full opencv-js API with the package's own (mirada) types, from the process's single loader in
 * inpaint/opencv.ts. One loader on purpose: a second one hooking the Emscripten start-up could replace
 * the first one's callback and leave it waiting forever. Wrapped in an object so that no caller ever
 * awaits the module itself (an Emscripten thenable when its `then` is still present).
 */
export async function loadOpenCv(): Promise<{ cv: CV }> {
  const cv = (await loadSharedOpenCv()) as unknown as CV;
  return { cv };
}
