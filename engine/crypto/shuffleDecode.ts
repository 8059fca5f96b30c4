/**
 * The scrambled reply format (SPEC §7: "One reply decoding path unscrambles the reply using a seeded shuffle
 * (seed 42), base64 and JSON"). Used by the distribute host's `hosts` reply.
 *
 * OBFUSCATION ONLY (see ./README.md): anyone with this file can read the reply; it only keeps the host list out of
 * naive scrapers that grep replies for URLs.
 *
 * Encoding: text = JSON.stringify(value) → UTF-8 → standard base64 `b` (length n) → the scrambled text `s` with
 * `s[i] = b[perm[i]]`, where `perm` is the identity permutation of 0..n-1 shuffled by Fisher–Yates (from the last
 * index down, `j = floor(rand() * (i + 1))`) driven by mulberry32 seeded with 42. The permutation depends only on
 * n, so the receiver rebuilds it from the text's length and puts every character back: `b[perm[i]] = s[i]`.
 */

/** SPEC §7: the seed of the reply shuffle. */
export const REPLY_SHUFFLE_SEED = 42;

/**
 * mulberry32: a tiny, well-known 32-bit PRNG; the same seed gives the same sequence on every JS engine because it
 * uses only 32-bit integer arithmetic (Math.imul, >>>).
 * @returns a function giving numbers in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The permutation of 0..length-1 made by a Fisher–Yates shuffle driven by mulberry32(seed). */
export function seededPermutation(length: number, seed: number = REPLY_SHUFFLE_SEED): number[] {
  const perm = Array.from({ length }, (_, i) => i);
  const rand = mulberry32(seed);
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [perm[i], perm[j]] = [perm[j], perm[i]];
  }
  return perm;
}

/** Reorders `text` so that character i of the result is character perm[i] of the input. */
export function shuffleText(text: string, seed: number = REPLY_SHUFFLE_SEED): string {
  const perm = seededPermutation(text.length, seed);
  let out = '';
  for (let i = 0; i < perm.length; i++) out += text[perm[i]];
  return out;
}

/** Inverse of {@link shuffleText}. */
export function unshuffleText(text: string, seed: number = REPLY_SHUFFLE_SEED): string {
  const perm = seededPermutation(text.length, seed);
  const out = new Array<string>(text.length);
  for (let i = 0; i < perm.length; i++) out[perm[i]] = text[i];
  return out.join('');
}

/**
 * Server side: encodes a JSON-serialisable value into the scrambled reply text.
 * @throws Error when `value` cannot be serialised (undefined, a function, a cycle): a server bug, not user input.
 */
export function scrambleReply(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) throw new Error('scrambleReply: value is not JSON-serialisable');
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return shuffleText(btoa(binary));
}

/**
 * Client side: decodes a scrambled reply.
 * @returns the parsed value, or null after a console.error when the text is not a scrambled reply.
 */
export function unscrambleReply<T = unknown>(text: string): T | null {
  try {
    if (typeof text !== 'string' || text.length === 0) throw new Error('reply is empty');
    const b64 = unshuffleText(text.trim());
    if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new Error('unscrambled text is not base64');
    const binary = atob(b64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return JSON.parse(json) as T;
  } catch (err) {
    console.error('[shuffleDecode] cannot unscramble reply:', err instanceof Error ? err.message : String(err));
    return null;
  }
}
