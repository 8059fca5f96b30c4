/**
 * Shader transport cipher (SPEC §4 "Shaders and textures", §7 "Shader", §9 key derivation).
 *
 * `GET /raw/gl/<file>` answers the GLSL source encrypted with AES-256-GCM under a key derived from an app-wide
 * passphrase. This is OBFUSCATION, NOT SECRECY: the passphrase ships inside the web app, so anyone can decrypt
 * (and `?plain=1` asks for the plain text anyway). It only keeps casual scrapers from lifting the shaders.
 *
 * Wire format: base64( version(1 byte) | salt(16) | iv(12) | AES-GCM ciphertext with its 16-byte tag ).
 * Key: PBKDF2-HMAC-SHA512, 4096 iterations, 8 × 32-bit words = 256-bit key (SPEC §9: "4096 iterations, 512-bit
 * hash, 8-word key").
 *
 * Uses WebCrypto only (`globalThis.crypto.subtle`), so the same code runs in browsers and Node 20. Browsers expose
 * `crypto.subtle` only in secure contexts (HTTPS or localhost): on a plain-HTTP page {@link canDecrypt} is false and
 * the client must request plain text (`?plain=1`, development mode).
 */
import type { WebCrypto, WebCryptoKey } from './webCrypto';

/** App-wide passphrase. Public by design: it is bundled into the client, see the file comment. */
export const SHADER_PASSPHRASE = 'lumacut/shaders/v1: obfuscation only, not a secret';
/** First byte of every cipher text; bump when the format or the key derivation changes. */
export const SHADER_CIPHER_VERSION = 1;
/** SPEC §9 key derivation: 4096 iterations of a 512-bit hash (SHA-512), 8 words (256 bits) of key. */
export const PBKDF2_ITERATIONS = 4096;
export const PBKDF2_HASH = 'SHA-512';
export const KEY_WORDS = 8;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
/** AES-GCM authentication tag appended to the ciphertext by WebCrypto. */
export const TAG_BYTES = 16;

const HEADER_BYTES = 1 + SALT_BYTES + IV_BYTES;
/** Derived keys kept per (passphrase, salt); small because a server uses one salt per process. */
const KEY_CACHE_LIMIT = 16;

export interface ShaderCipherOptions {
  /** Defaults to {@link SHADER_PASSPHRASE}. */
  passphrase?: string;
  /** 16 bytes; random per call when absent. A server passes one per-process salt so it derives a single key. */
  salt?: Uint8Array;
  /** 12 bytes; random per call when absent. Never reuse an IV with the same key for different texts. */
  iv?: Uint8Array;
  /** WebCrypto implementation; defaults to `globalThis.crypto`. */
  crypto?: WebCrypto;
}

/** True when WebCrypto can decrypt here; false on plain-HTTP pages, where the client must ask for `?plain=1`. */
export function canDecrypt(cryptoImpl: Pick<WebCrypto, 'subtle'> | undefined = globalThis.crypto): boolean {
  const subtle = cryptoImpl?.subtle;
  return typeof subtle?.decrypt === 'function' && typeof subtle.deriveKey === 'function';
}

/**
 * Cheap check whether a reply body is in the cipher format (base64 starting with the version byte) rather than
 * GLSL: plain GLSL always holds spaces, newlines or punctuation that base64 cannot.
 */
export function looksEncrypted(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length < 4 || !/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return false;
  try {
    return fromBase64(trimmed.slice(0, 4))[0] === SHADER_CIPHER_VERSION;
  } catch {
    return false;
  }
}

/**
 * Encrypts `plain` (UTF-8) into the base64 wire format described in the file comment.
 * @throws Error when WebCrypto is unavailable or a given salt/IV has the wrong length.
 */
export async function encryptText(plain: string, opts: ShaderCipherOptions = {}): Promise<string> {
  const cryptoImpl = requireCrypto(opts.crypto);
  const salt = checkedBytes(opts.salt, SALT_BYTES, 'salt') ?? cryptoImpl.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = checkedBytes(opts.iv, IV_BYTES, 'IV') ?? cryptoImpl.getRandomValues(new Uint8Array(IV_BYTES));
  const key = await deriveKey(cryptoImpl, opts.passphrase ?? SHADER_PASSPHRASE, salt);
  const sealed = new Uint8Array(await cryptoImpl.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plain)));
  const out = new Uint8Array(HEADER_BYTES + sealed.length);
  out[0] = SHADER_CIPHER_VERSION;
  out.set(salt, 1);
  out.set(iv, 1 + SALT_BYTES);
  out.set(sealed, HEADER_BYTES);
  return toBase64(out);
}

/**
 * Decrypts the output of {@link encryptText}.
 * @throws Error with a message saying what is wrong: not base64, too short, unknown version, or authentication
 *   failure (wrong passphrase or corrupted data), or WebCrypto missing (plain-HTTP page: request `?plain=1`).
 */
export async function decryptText(cipherText: string, opts: Pick<ShaderCipherOptions, 'passphrase' | 'crypto'> = {}): Promise<string> {
  const cryptoImpl = requireCrypto(opts.crypto);
  const trimmed = cipherText.trim();
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(trimmed)) throw new Error('Shader cipher text is not valid base64');
  const bytes = fromBase64(trimmed);
  if (bytes.length < HEADER_BYTES + TAG_BYTES) {
    throw new Error(`Shader cipher text is too short (${bytes.length} bytes, at least ${HEADER_BYTES + TAG_BYTES} expected)`);
  }
  if (bytes[0] !== SHADER_CIPHER_VERSION) {
    throw new Error(`Unsupported shader cipher version ${bytes[0]} (expected ${SHADER_CIPHER_VERSION})`);
  }
  const salt = bytes.slice(1, 1 + SALT_BYTES);
  const iv = bytes.slice(1 + SALT_BYTES, HEADER_BYTES);
  const key = await deriveKey(cryptoImpl, opts.passphrase ?? SHADER_PASSPHRASE, salt);
  let plain: ArrayBuffer;
  try {
    plain = await cryptoImpl.subtle.decrypt({ name: 'AES-GCM', iv }, key, bytes.slice(HEADER_BYTES));
  } catch {
    // WebCrypto reports only a bare OperationError; say what it means.
    throw new Error('Shader cipher text could not be decrypted: wrong passphrase or corrupted data');
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(plain);
}

const keyCache = new Map<string, Promise<WebCryptoKey>>();

/** PBKDF2 is deliberately slow, so each (passphrase, salt) is derived once; the oldest entry goes first. */
function deriveKey(cryptoImpl: WebCrypto, passphrase: string, salt: Uint8Array<ArrayBuffer>): Promise<WebCryptoKey> {
  const cacheKey = `${toBase64(salt)}:${passphrase}`;
  const cached = keyCache.get(cacheKey);
  if (cached) return cached;
  const pending = (async () => {
    const material = await cryptoImpl.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, ['deriveKey']);
    return cryptoImpl.subtle.deriveKey(
      { name: 'PBKDF2', hash: PBKDF2_HASH, salt, iterations: PBKDF2_ITERATIONS },
      material,
      { name: 'AES-GCM', length: KEY_WORDS * 32 },
      false,
      ['encrypt', 'decrypt'],
    );
  })();
  // A failed derivation must not stay cached.
  pending.catch(() => keyCache.delete(cacheKey));
  keyCache.set(cacheKey, pending);
  if (keyCache.size > KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value as string);
  return pending;
}

function requireCrypto(given: WebCrypto | undefined): WebCrypto {
  const cryptoImpl = given ?? globalThis.crypto;
  if (!canDecrypt(cryptoImpl)) {
    throw new Error('WebCrypto (crypto.subtle) is not available on this page (plain HTTP?); request the plain shader with ?plain=1');
  }
  return cryptoImpl;
}

function checkedBytes(bytes: Uint8Array | undefined, length: number, name: string): Uint8Array<ArrayBuffer> | undefined {
  if (!bytes) return undefined;
  if (bytes.length !== length) throw new Error(`Shader cipher ${name} must be ${length} bytes, got ${bytes.length}`);
  return new Uint8Array(bytes);
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // Chunked: String.fromCharCode(...big array) overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new Error('Shader cipher text is not valid base64');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
