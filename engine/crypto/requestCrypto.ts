/**
 * Request/config cipher (SPEC §7 "Payloads and strings are encrypted with keys derived from a secret and salt",
 * §8 "Encryption or decryption failures are logged and return empty or null", §9 key derivation).
 *
 * OBFUSCATION, NOT SECRECY: see ./README.md. The secrets that feed this cipher ship inside the web app.
 *
 * Algorithm (byte-compatible with crypto-js):
 * - key = PBKDF2-HMAC-SHA512(secret as UTF-8, salt, 4096 iterations), 8 × 32-bit words = 256 bits
 *   (`CryptoJS.PBKDF2(secret, salt, { keySize: 8, iterations: 4096, hasher: CryptoJS.algo.SHA512 })`);
 * - AES-256-CBC with PKCS#7 padding, crypto-js's default mode and padding
 *   (`CryptoJS.AES.encrypt(plain, key, { iv })`).
 *
 * Wire format: base64( salt (16 bytes) ‖ iv (16 bytes) ‖ ciphertext (a multiple of 16 bytes) ), standard
 * alphabet with `=` padding. Salt and IV are fresh random bytes per call, so equal texts encrypt differently.
 * A crypto-js peer splits the decoded bytes at 16 and 32. crypto-js is not a dependency: requestCrypto.test.ts
 * holds known vectors it wrote (4.2.0) and checks against a node:crypto peer.
 *
 * CBC carries no authentication tag: a wrong key is detected by the PKCS#7 padding check and strict UTF-8
 * decoding, which catches it in all but a vanishing fraction of cases; integrity is not guaranteed.
 *
 * Uses WebCrypto only (`globalThis.crypto.subtle`): browsers (secure contexts: HTTPS or localhost) and Node 20.
 */
import type { WebCrypto, WebCryptoKey } from './webCrypto';

/** SPEC §9 key derivation: 4096 iterations of a 512-bit hash (SHA-512), 8 words (256 bits) of key. */
export const REQUEST_PBKDF2_ITERATIONS = 4096;
export const REQUEST_PBKDF2_HASH = 'SHA-512';
export const REQUEST_KEY_WORDS = 8;
export const REQUEST_SALT_BYTES = 16;
/** AES block size: the CBC IV is one block. */
export const REQUEST_IV_BYTES = 16;
const BLOCK_BYTES = 16;
const HEADER_BYTES = REQUEST_SALT_BYTES + REQUEST_IV_BYTES;

export interface RequestCryptoOptions {
  /** 16 bytes; random per call when absent (tests pass one for known vectors). */
  salt?: Uint8Array;
  /** 16 bytes; random per call when absent. */
  iv?: Uint8Array;
  /** WebCrypto implementation; defaults to `globalThis.crypto`. */
  crypto?: WebCrypto;
}

/**
 * Encrypts `plain` (UTF-8) with a key derived from `secret` into the base64 wire format above.
 * @returns the cipher text, or '' after a console.error when it cannot (no WebCrypto, empty secret, bad salt/IV).
 */
export async function encryptText(plain: string, secret: string, opts: RequestCryptoOptions = {}): Promise<string> {
  try {
    if (typeof plain !== 'string') throw new Error('plain text must be a string');
    const cryptoImpl = requireCrypto(opts.crypto);
    const salt = checkedBytes(opts.salt, REQUEST_SALT_BYTES, 'salt') ?? cryptoImpl.getRandomValues(new Uint8Array(REQUEST_SALT_BYTES));
    const iv = checkedBytes(opts.iv, REQUEST_IV_BYTES, 'IV') ?? cryptoImpl.getRandomValues(new Uint8Array(REQUEST_IV_BYTES));
    const key = await deriveKey(cryptoImpl, secret, salt);
    const sealed = new Uint8Array(await cryptoImpl.subtle.encrypt({ name: 'AES-CBC', iv }, key, new TextEncoder().encode(plain)));
    const out = new Uint8Array(HEADER_BYTES + sealed.length);
    out.set(salt, 0);
    out.set(iv, REQUEST_SALT_BYTES);
    out.set(sealed, HEADER_BYTES);
    return bytesToBase64(out);
  } catch (err) {
    console.error('[requestCrypto] encryption failed:', errorText(err));
    return '';
  }
}

/**
 * Decrypts the output of {@link encryptText} (or of a crypto-js peer using the same layout).
 * @returns the plain text, or null after a console.error: not base64, wrong length, wrong secret, corrupted data.
 */
export async function decryptText(cipher: string, secret: string, opts: Pick<RequestCryptoOptions, 'crypto'> = {}): Promise<string | null> {
  try {
    if (typeof cipher !== 'string') throw new Error('cipher text must be a string');
    const cryptoImpl = requireCrypto(opts.crypto);
    const bytes = base64ToBytes(cipher.trim());
    const bodyLength = bytes.length - HEADER_BYTES;
    if (bodyLength < BLOCK_BYTES || bodyLength % BLOCK_BYTES !== 0) {
      throw new Error(`cipher text has ${bytes.length} bytes; expected 32 + a positive multiple of 16`);
    }
    const key = await deriveKey(cryptoImpl, secret, bytes.slice(0, REQUEST_SALT_BYTES));
    let plain: ArrayBuffer;
    try {
      plain = await cryptoImpl.subtle.decrypt({ name: 'AES-CBC', iv: bytes.slice(REQUEST_SALT_BYTES, HEADER_BYTES) }, key, bytes.slice(HEADER_BYTES));
    } catch {
      // WebCrypto reports only a bare OperationError (bad padding); say what it means.
      throw new Error('wrong secret or corrupted data');
    }
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      throw new Error('wrong secret or corrupted data (result is not UTF-8)');
    }
  } catch (err) {
    console.error('[requestCrypto] decryption failed:', errorText(err));
    return null;
  }
}

/** PBKDF2 per call: with a random salt per message there is nothing to cache; WebCrypto does 4096 rounds in ~4 ms. */
async function deriveKey(cryptoImpl: WebCrypto, secret: string, salt: Uint8Array<ArrayBuffer>): Promise<WebCryptoKey> {
  if (typeof secret !== 'string' || secret.length === 0) {
    // An empty key usually means the key fetch failed; encrypting with it would hide that failure.
    throw new Error('secret is empty');
  }
  const material = await cryptoImpl.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveKey']);
  return cryptoImpl.subtle.deriveKey(
    { name: 'PBKDF2', hash: REQUEST_PBKDF2_HASH, salt, iterations: REQUEST_PBKDF2_ITERATIONS },
    material,
    { name: 'AES-CBC', length: REQUEST_KEY_WORDS * 32 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function requireCrypto(given: WebCrypto | undefined): WebCrypto {
  const cryptoImpl = given ?? globalThis.crypto;
  if (typeof cryptoImpl?.subtle?.deriveKey !== 'function') {
    throw new Error('WebCrypto (crypto.subtle) is not available (plain-HTTP page?)');
  }
  return cryptoImpl;
}

function checkedBytes(bytes: Uint8Array | undefined, length: number, name: string): Uint8Array<ArrayBuffer> | undefined {
  if (!bytes) return undefined;
  if (bytes.length !== length) throw new Error(`${name} must be ${length} bytes, got ${bytes.length}`);
  return new Uint8Array(bytes);
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Standard base64 of raw bytes (shared with shuffleDecode). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode(...big array) overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Strict standard base64 to bytes.
 * @throws Error when `text` is not base64 (atob alone accepts stray whitespace and missing padding).
 */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Error('text is not valid base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
