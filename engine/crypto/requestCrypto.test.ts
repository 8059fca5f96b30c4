import { createCipheriv, createDecipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, bytesToBase64, decryptText, encryptText } from './requestCrypto';

const SECRET = 'request secret ✓';
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
const IV = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);

/**
 * Known vectors, written by crypto-js 4.2.0 (the library the wire format was first made with):
 * `CryptoJS.PBKDF2(secret, salt, { keySize: 8, iterations: 4096, hasher: CryptoJS.algo.SHA512 })`, then
 * `CryptoJS.AES.encrypt(plain, key, { iv }).ciphertext`, sent as base64(salt ‖ iv ‖ ciphertext).
 */
const VECTORS: Array<{ plain: string; secret: string; salt: Uint8Array; iv: Uint8Array; cipher: string }> = [
  {
    plain: '{"hosts":{"a.example":3}} — ✓',
    secret: SECRET,
    salt: SALT,
    iv: IV,
    cipher: 'AQIDBAUGBwgJCgsMDQ4PEKChoqOkpaanqKmqq6ytrq9ZlXwyduksSTe9iG4oIMB/3Xve/RKJGu4EV39+1zz5Fdt+TC5BbbFEmPhytarTM4o=',
  },
  { plain: '', secret: SECRET, salt: SALT, iv: IV, cipher: 'AQIDBAUGBwgJCgsMDQ4PEKChoqOkpaanqKmqq6ytrq8hkuQ3qMIhrdPnVZxnWV2a' },
  {
    plain: 'exactly 16 bytes',
    secret: SECRET,
    salt: SALT,
    iv: IV,
    cipher: 'AQIDBAUGBwgJCgsMDQ4PEKChoqOkpaanqKmqq6ytrq+N8I9Td/jEekvg2GKKXdlUbOcjUWQOs6918xEArd17Cw==',
  },
  {
    plain: '中文 ünïcödé 🎨',
    secret: SECRET,
    salt: SALT,
    iv: IV,
    cipher: 'AQIDBAUGBwgJCgsMDQ4PEKChoqOkpaanqKmqq6ytrq/RsLD/MmHkHUYuN0xgrFVOQtYr4GDHZrIpTWmIC4Z0Qg==',
  },
  {
    plain: '{"enableTextReview":true}',
    secret: 'AS-secret',
    salt: Uint8Array.from({ length: 16 }, (_, i) => 255 - i),
    iv: Uint8Array.from({ length: 16 }, (_, i) => i * 3),
    cipher: '//79/Pv6+fj39vX08/Lx8AADBgkMDxIVGBseISQnKi3EWL/ZsJRFraWctrpm7w620yVJRLf9oYpx2+duXjBDEw==',
  },
];
/** The key crypto-js derives for SECRET and SALT (8 words, hex). */
const KEY_HEX = '4baabf0f14e47ef115ac351d5dff48508cf0e125476a360d5f3c020c1922429f';

/** A peer on node:crypto (OpenSSL), not WebCrypto: PBKDF2-SHA512 4096 × 32 bytes, AES-256-CBC/PKCS7, salt‖iv‖ct. */
const peerKey = (secret: string, salt: Uint8Array) => pbkdf2Sync(Buffer.from(secret, 'utf8'), salt, 4096, 32, 'sha512');
function peerEncrypt(plain: string, secret: string, salt: Uint8Array, iv: Uint8Array): string {
  const cipher = createCipheriv('aes-256-cbc', peerKey(secret, salt), iv);
  return Buffer.concat([salt, iv, cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}
function peerDecrypt(text: string, secret: string): string {
  const bytes = Buffer.from(text, 'base64');
  const decipher = createDecipheriv('aes-256-cbc', peerKey(secret, bytes.subarray(0, 16)), bytes.subarray(16, 32));
  return Buffer.concat([decipher.update(bytes.subarray(32)), decipher.final()]).toString('utf8');
}

afterEach(() => vi.restoreAllMocks());

describe('requestCrypto', () => {
  it('round-trips text, including non-ASCII and empty text', async () => {
    for (const plain of ['{"a":1}', '', '中文 ünïcödé 🎨', 'x'.repeat(1000)]) {
      const cipher = await encryptText(plain, SECRET);
      expect(cipher).not.toBe('');
      expect(await decryptText(cipher, SECRET)).toBe(plain);
    }
  });

  it('uses a fresh salt and IV per call: equal texts give different cipher texts', async () => {
    const a = await encryptText('same', SECRET);
    const b = await encryptText('same', SECRET);
    expect(a).not.toBe(b);
    expect(base64ToBytes(a).slice(0, 32)).not.toEqual(base64ToBytes(b).slice(0, 32));
  });

  it('is byte-identical to crypto-js for the same salt and IV (known vectors)', async () => {
    expect(peerKey(SECRET, SALT).toString('hex')).toBe(KEY_HEX);
    for (const v of VECTORS) {
      const ours = await encryptText(v.plain, v.secret, { salt: v.salt, iv: v.iv });
      expect(ours, v.plain).toBe(v.cipher);
      expect(peerEncrypt(v.plain, v.secret, v.salt, v.iv), v.plain).toBe(v.cipher);
      expect(await decryptText(v.cipher, v.secret), v.plain).toBe(v.plain);
      // Layout: salt ‖ iv ‖ ciphertext.
      const bytes = base64ToBytes(ours);
      expect(bytes.slice(0, 16)).toEqual(v.salt);
      expect(bytes.slice(16, 32)).toEqual(v.iv);
      expect((bytes.length - 32) % 16).toBe(0);
    }
  });

  it('a node:crypto peer decrypts our output and we decrypt its output', async () => {
    for (const plain of ['account-42 / 设备', '', 'x'.repeat(1000)]) {
      expect(peerDecrypt(await encryptText(plain, SECRET), SECRET)).toBe(plain);
      expect(await decryptText(peerEncrypt(plain, SECRET, randomBytes(16), randomBytes(16)), SECRET)).toBe(plain);
    }
  });

  it('decrypt with the wrong secret gives null and logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cipher = await encryptText('{"enableTextReview":true}', SECRET, { salt: SALT, iv: IV });
    expect(await decryptText(cipher, 'another secret')).toBeNull();
    expect(log).toHaveBeenCalledWith('[requestCrypto] decryption failed:', expect.stringContaining('wrong secret'));
  });

  it('garbage, truncated or tampered cipher text gives null and logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cipher = await encryptText('hello world', SECRET, { salt: SALT, iv: IV });
    const bytes = base64ToBytes(cipher);
    const tampered = bytes.slice();
    tampered[tampered.length - 1] ^= 0xff;
    for (const bad of ['not base64 at all!', '', 'AAAA', cipher.slice(0, -4), bytesToBase64(bytes.slice(0, 40)), bytesToBase64(tampered)]) {
      expect(await decryptText(bad, SECRET)).toBeNull();
    }
    expect(log).toHaveBeenCalledTimes(6);
  });

  it('refuses an empty secret: encrypt gives "" and decrypt null, both logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await encryptText('x', '')).toBe('');
    const cipher = await encryptText('x', SECRET);
    expect(await decryptText(cipher, '')).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[0][1]).toContain('secret is empty');
  });

  it('encrypt gives "" when WebCrypto is missing or the salt has the wrong length', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await encryptText('x', SECRET, { crypto: {} as Crypto })).toBe('');
    expect(await encryptText('x', SECRET, { salt: new Uint8Array(8) })).toBe('');
    expect(log).toHaveBeenCalledTimes(2);
  });
});
