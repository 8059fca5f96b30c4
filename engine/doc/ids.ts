/**
 * Layer ids: `L_` and 16 random characters of [0-9A-Za-z] (about 95 bits), unique within and across
 * documents, so pasted layers from another project never collide.
 */
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 16;

/**
 * A new layer id.
 * @example createLayerId() // 'L_f3K9aZ0qLm2xB7cD'
 */
export function createLayerId(): string {
  const bytes = new Uint8Array(RANDOM_LENGTH * 2);
  let out = '';
  while (out.length < RANDOM_LENGTH) {
    crypto.getRandomValues(bytes);
    // Bytes ≥ 248 are redrawn so every character is equally likely (248 = 4 × 62).
    for (const b of bytes) if (b < 248 && out.length < RANDOM_LENGTH) out += ALPHABET[b % 62];
  }
  return `L_${out}`;
}
