/**
 * The grain texture (SPEC §9: 1024×1024) and how the grain adjustments sample it.
 *
 * The texture is one 8-bit channel of deterministic noise, so the server can serve the same bytes as grain.png
 * (GET /img/texture/grain.png) and the GL shader and the CPU path add exactly the same noise. Sampling is nearest-texel
 * with wrap-around (1024 is a power of two, so WebGL 1 REPEAT works): pixel (x, y), y = 0 the top row, reads texel
 * ((x + ox) mod S, (y + oy) mod S).
 */
import type { PGrainUniforms } from './adjustRanges';

export const GRAIN_TEXTURE_SIZE = 1024;
export const DEFAULT_GRAIN_SEED = 0x5eed;
/** Texel offsets that decorrelate the simple grain, pgrain's fine noise and pgrain's coarse noise. */
export const GRAIN_OFFSET_SIMPLE = [0, 0] as const;
export const GRAIN_OFFSET_FINE = [256, 768] as const;
export const GRAIN_OFFSET_COARSE = [512, 512] as const;
/** The texture's mid-grey: noise n = 2 × (texel/255 − 128/255), about −1..1. */
export const GRAIN_MID = 128;

const cache = new Map<string, Uint8Array>();

/** mulberry32: a tiny, fast, well-mixed 32-bit PRNG; deterministic across engines. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * size×size bytes of film-like noise centred on 128: the mean of two uniform draws (a triangular distribution, so most
 * texels are near mid-grey and the grain looks fine rather than salt-and-pepper). Same seed → same bytes; cached.
 */
export function grainTexture(size: number = GRAIN_TEXTURE_SIZE, seed: number = DEFAULT_GRAIN_SEED): Uint8Array {
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new Error('Invalid grain texture size');
  const key = `${size}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const rand = mulberry32(seed);
  const out = new Uint8Array(size * size);
  for (let i = 0; i < out.length; i++) out[i] = Math.round(((rand() + rand()) / 2) * 255);
  cache.set(key, out);
  return out;
}

function mod(a: number, n: number): number {
  const r = a % n;
  return r < 0 ? r + n : r;
}

/** Noise −1..1 at texel (tx, ty) (wrapped) of a size×size texture. */
export function grainNoiseAt(tex: Uint8Array, size: number, tx: number, ty: number): number {
  return 2 * ((tex[mod(ty, size) * size + mod(tx, size)] - GRAIN_MID) / 255);
}

/** Simple grain noise at pixel (x, y): one texel per pixel. */
export function simpleGrainNoise(tex: Uint8Array, size: number, x: number, y: number): number {
  return grainNoiseAt(tex, size, x + GRAIN_OFFSET_SIMPLE[0], y + GRAIN_OFFSET_SIMPLE[1]);
}

/** pgrain's cell size in whole pixels (rounded so that CPU and GL cells line up exactly). */
export function pgrainCell(u: PGrainUniforms): number {
  return Math.max(1, Math.round(u.size));
}

/**
 * pgrain noise at pixel (x, y): cell = round(size) pixels per texel; fine = texel (⌊x/cell⌋, ⌊y/cell⌋), coarse = texel
 * (⌊x/cell/2⌋, ⌊y/cell/2⌋) (half frequency); result mix(coarse, fine, roughness) — low roughness gives soft, clumpy grain.
 */
export function pgrainNoise(tex: Uint8Array, size: number, x: number, y: number, u: PGrainUniforms): number {
  const cell = pgrainCell(u);
  const fx = Math.floor(x / cell);
  const fy = Math.floor(y / cell);
  const fine = grainNoiseAt(tex, size, fx + GRAIN_OFFSET_FINE[0], fy + GRAIN_OFFSET_FINE[1]);
  const coarse = grainNoiseAt(tex, size, Math.floor(fx / 2) + GRAIN_OFFSET_COARSE[0], Math.floor(fy / 2) + GRAIN_OFFSET_COARSE[1]);
  return coarse + (fine - coarse) * u.roughness;
}
