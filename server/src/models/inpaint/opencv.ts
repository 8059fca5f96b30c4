import { createRequire } from 'node:module';

/** The subset of the opencv-js API the inpainting code uses. */
export interface CvMat {
  data: Uint8Array;
  delete(): void;
}
export interface OpenCv {
  Mat: new (rows: number, cols: number, type: number) => CvMat;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  INPAINT_NS: number;
  matFromArray(rows: number, cols: number, type: number, array: ArrayLike<number>): CvMat;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
}

let loading: Promise<OpenCv> | null = null;

/**
 * Loads @techstark/opencv-js once (≈0.3 s: a 7 MB wasm build). The export is either the ready module, an
 * Emscripten thenable, or a module that signals `onRuntimeInitialized`; all three are handled. The thenable
 * resolves to itself, so awaiting it directly loops forever: its `then` is removed before resolving.
 */
export function loadOpenCv(): Promise<OpenCv> {
  loading ??= new Promise<OpenCv>((resolve, reject) => {
    try {
      // createRequire keeps the 7 MB UMD file out of ESM/vite transforms.
      const require = createRequire(import.meta.url);
      const before = {
        uncaughtException: process.listeners('uncaughtException'),
        unhandledRejection: process.listeners('unhandledRejection'),
      };
      const cv = require('@techstark/opencv-js') as Record<string, unknown>;
      // Emscripten's Node glue adds process-wide handlers that rethrow every uncaught error and abort the wasm
      // runtime on any unhandled rejection anywhere in the server (and print the whole 7 MB source as the
      // stack). Take them off again: errors of the server are not opencv's business.
      for (const listener of process.listeners('uncaughtException')) {
        if (!before.uncaughtException.includes(listener)) process.removeListener('uncaughtException', listener);
      }
      for (const listener of process.listeners('unhandledRejection')) {
        if (!before.unhandledRejection.includes(listener)) process.removeListener('unhandledRejection', listener);
      }
      if (typeof cv.Mat === 'function') return resolve(cv as unknown as OpenCv);
      if (typeof cv.then === 'function') {
        (cv.then as (cb: (m: Record<string, unknown>) => void) => void)((mod) => {
          delete mod.then;
          resolve(mod as unknown as OpenCv);
        });
        return;
      }
      cv.onRuntimeInitialized = () => resolve(cv as unknown as OpenCv);
    } catch (err) {
      reject(err as Error);
    }
  }).catch((err: Error) => {
    loading = null;
    throw err;
  });
  return loading;
}
