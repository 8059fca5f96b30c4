import { runEsrganTile, type EsrganModel } from './session';
import { planTiles, type Tile } from './tiles';

/**
 * Default tile side per model. x4plus (23 RRDB blocks) keeps smaller tiles: a 224² padded tile
 * peaks at ~750 MB RSS, a 276² one at ~1.3 GB (models-restoration.md).
 */
export const TILE_SIZE: Record<EsrganModel, number> = { 'realesrgan-x4fast': 256, 'realesrgan-x4plus': 192 };
/**
 * Context pixels around each tile. Measured on a 96² photo crop, 4 tiles vs 1: x4fast with 12 px
 * differs by ≤ 5 levels (mean 0.1); x4plus, whose receptive field is far wider, by mean 1.4 at 16 px.
 */
export const TILE_MARGIN: Record<EsrganModel, number> = { 'realesrgan-x4fast': 12, 'realesrgan-x4plus': 16 };

export interface TiledRunOptions {
  model: EsrganModel;
  /** Output size ÷ input size: 4 keeps the model's output, 2 and 1 lanczos-downscale it per tile. */
  outScale: 1 | 2 | 4;
  /** Share of the model output in the result (0..1); the rest is a lanczos resize of the input. */
  blend: number;
  tileSize?: number;
  margin?: number;
  /** Called after each tile with the number done and the total. */
  onTile?(done: number, total: number): void;
  /** Called before each tile; throwing there stops the run (user cancelled). */
  checkCancelled?(): Promise<void>;
}

/** Copies a region of an interleaved RGB image into a buffer of its own (it is handed to the inference thread). */
function crop(rgb: Uint8Array, width: number, t: Pick<Tile, 'px' | 'py' | 'pw' | 'ph'>): Buffer {
  const out = Buffer.from(new ArrayBuffer(t.pw * t.ph * 3));
  for (let row = 0; row < t.ph; row++) {
    const from = ((t.py + row) * width + t.px) * 3;
    out.set(rgb.subarray(from, from + t.pw * 3), row * t.pw * 3);
  }
  return out;
}

/**
 * Runs a Real-ESRGAN model over an RGB image tile by tile and returns the RGB result at
 * `outScale` times the size. Each tile's output is downscaled (2×, same size) and blended with
 * the lanczos-resized input on its own, so memory stays at one tile plus the result. All of
 * that happens on the inference thread (ortWorker.mjs); the event loop only copies rows.
 */
export async function runTiled(rgb: Uint8Array, width: number, height: number, opts: TiledRunOptions): Promise<Buffer> {
  const s = opts.outScale;
  const blend = Math.min(1, Math.max(0, opts.blend));
  const tiles = planTiles(width, height, opts.tileSize ?? TILE_SIZE[opts.model], opts.margin ?? TILE_MARGIN[opts.model]);
  const outWidth = width * s;
  const result = Buffer.allocUnsafe(outWidth * height * s * 3); // every byte is written by some tile

  for (let index = 0; index < tiles.length; index++) {
    await opts.checkCancelled?.();
    const t = tiles[index];
    const part = await runEsrganTile(opts.model, {
      rgb: crop(rgb, width, t),
      width: t.pw,
      height: t.ph,
      outScale: s,
      blend,
      keep: { x: t.x - t.px, y: t.y - t.py, w: t.w, h: t.h },
    });
    const length = t.w * s * 3;
    for (let row = 0; row < t.h * s; row++) {
      part.copy(result, ((t.y * s + row) * outWidth + t.x * s) * 3, row * length, (row + 1) * length);
    }
    opts.onTile?.(index + 1, tiles.length);
  }
  return result;
}
