/**
 * Face landmarks for the ID photo maker and head extraction: @vladmandic/human 3.3.6 with BlazeFace
 * (detection), FaceMesh (468 points) and Iris (10 more points), on TF.js's wasm backend.
 *
 * The models are read from server/.models/human (copied there by scripts/prepare-human.mjs) or,
 * when that copy is missing, from the npm package itself; both through the `file://` loader of
 * localModelLoader.ts. One Human instance per thread, loaded on first use (~1 s), then ~0.1–0.2 s a
 * photo. Calls are serialised: TF.js wasm is single-threaded and a second call would only wait.
 */
import { processConfig } from '../../config/processConfig';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerFileModelLoader } from './localModelLoader';

const require = createRequire(import.meta.url);

/** Mesh indices used here (MediaPipe FaceMesh topology + Iris). */
export const MESH = {
  /** Lowest point of the chin. */
  chin: 152,
  /** Upper forehead near the hairline: NOT the crown (hair grows above it). */
  forehead: 10,
  noseTip: 1,
  /** Left and right face contour at cheek height (image left / right of a frontal face). */
  cheekA: 234,
  cheekB: 454,
  /** Iris centres (the subject's right eye appears on the image's left). */
  irisA: 468,
  irisB: 473,
} as const;

export type Point = { x: number; y: number };

/** One face found in a photo, in the photo's pixel coordinates. */
export interface FaceFound {
  /** Detector box [x, y, w, h]. */
  box: [number, number, number, number];
  score: number;
  /** The 478 mesh points (x, y), or fewer when the mesh model failed. */
  mesh: Point[];
  chin: Point;
  forehead: Point;
  /** Iris centres ordered left to right in the image. */
  eyes: [Point, Point];
  /** Head rotation in degrees: roll from the eye line, yaw and pitch from the mesh (Human's estimate). */
  rollDeg: number;
  yawDeg: number;
  pitchDeg: number;
}

/** Where the face models live: the prepared copy, else the package's own folder. */
export function humanModelDir(): string {
  const prepared = path.join(processConfig().models.modelDir, 'human');
  if (['blazeface', 'facemesh', 'iris'].every((m) => existsSync(path.join(prepared, `${m}.json`)) && existsSync(path.join(prepared, `${m}.bin`))))
    return prepared;
  return path.join(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
}

/** Human's configuration: face detection with mesh and iris, everything else off. */
function humanConfig(modelDir: string, maxFaces: number) {
  return {
    backend: 'wasm',
    wasmPath: path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep,
    modelBasePath: pathToFileURL(modelDir).href + '/',
    debug: false,
    async: true,
    cacheSensitivity: 0, // every call is a new photo: never reuse a previous frame's result
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        enabled: true,
        modelPath: 'blazeface.json',
        rotation: true,
        maxDetected: maxFaces,
        minConfidence: 0.5,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: false },
      iris: { enabled: true, modelPath: 'iris.json', scale: 2.3 },
      attention: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
}

/* `any` below: Human's bundled typings are not used: the
   package's exports map hides them and only a handful of fields are read. */
let humanPromise: Promise<any> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Most faces reported; more than one already fails an ID photo. */
export const MAX_FACES = 10;

function loadHuman(): Promise<any> {
  humanPromise ??= (async () => {
    registerFileModelLoader();
    // Required by absolute path: the package's exports map has keys without "./" (models.md).
    const lib = require(path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js'));
    const human = new lib.Human(humanConfig(humanModelDir(), MAX_FACES));
    await human.load();
    return human;
  })();
  humanPromise.catch(() => {
    humanPromise = null; // a later call retries
  });
  return humanPromise;
}

const deg = (rad: number | undefined) => ((rad ?? 0) * 180) / Math.PI;

/** Turns one of Human's face results into our FaceFound (pixel coordinates of the input). */
function toFace(f: any, scale: number): FaceFound | null {
  const mesh: Point[] = (f.mesh ?? []).map((p: number[]) => ({ x: p[0] / scale, y: p[1] / scale }));
  if (mesh.length < 468) return null; // no mesh: cannot place the chin or the eyes
  const a = mesh[mesh.length >= 478 ? MESH.irisA : 33];
  const b = mesh[mesh.length >= 478 ? MESH.irisB : 263];
  const eyes: [Point, Point] = a.x <= b.x ? [a, b] : [b, a];
  const rollDeg = (Math.atan2(eyes[1].y - eyes[0].y, eyes[1].x - eyes[0].x) * 180) / Math.PI;
  const box = (f.box ?? [0, 0, 0, 0]).map((v: number) => v / scale) as [number, number, number, number];
  return {
    box,
    score: f.score ?? f.boxScore ?? 0,
    mesh,
    chin: mesh[MESH.chin],
    forehead: mesh[MESH.forehead],
    eyes,
    rollDeg,
    yawDeg: deg(f.rotation?.angle?.yaw),
    pitchDeg: deg(f.rotation?.angle?.pitch),
  };
}

/**
 * Finds the faces in an RGB image (interleaved bytes, `width`×`height`), largest first.
 * `scale` is the factor the caller shrank the photo by, so coordinates come back in the original
 * photo's pixels (pass 1 when the pixels are the photo's own).
 */
export function detectFaces(rgb: Uint8Array, width: number, height: number, scale = 1): Promise<FaceFound[]> {
  const run = queue.then(async () => {
    const human = await loadHuman();
    const tensor = human.tf.tensor(rgb, [1, height, width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      const faces = (result.face ?? []).map((f: any) => toFace(f, scale)).filter((f: FaceFound | null): f is FaceFound => f !== null);
      return faces.sort((p: FaceFound, q: FaceFound) => q.box[2] * q.box[3] - p.box[2] * p.box[3]);
    } finally {
      human.tf.dispose(tensor);
    }
  });
  queue = run.catch(() => undefined);
  return run;
}
