import CryptoJS from 'crypto-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64ToBytes, bytesToBase64, decryptText, encryptText } from './requestCrypto';

const SECRET = 'request secret ✓';
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i + 1);
const IV = Uint8Array.from({ length: 16 }, (_, i) => 0xa0 + i);

const toWords = (bytes: Uint8Array) => CryptoJS.enc.Hex.parse(Buffer.from(bytes).toString('hex'));

/** How a crypto-js peer encrypts in our wire format: PBKDF2-SHA512 4096 × 8 words, AES-CBC/PKCS7, salt‖iv‖ct. */
function cryptoJsEncrypt(plain: string, secret: string, salt: Uint8Array, iv: Uint8Array): string {
  const key = CryptoJS.PBKDF2(secret, toWords(salt), { keySize: 8, iterations: 4096, hasher: CryptoJS.algo.SHA512 });
  const ct = CryptoJS.AES.encrypt(plain, key, { iv: toWords(iv) }).ciphertext;
  return toWords(salt).concat(toWords(iv)).concat(ct).toString(CryptoJS.enc.Base64);
}

/** How a crypto-js peer decrypts our output. */
function cryptoJsDecrypt(cipher: string, secret: string): string {
  const hex = Buffer.from(cipher, 'base64').toString('hex');
  const salt = CryptoJS.enc.Hex.parse(hex.slice(0, 32));
  const iv = CryptoJS.enc.Hex.parse(hex.slice(32, 64));
  const ciphertext = CryptoJS.enc.Hex.parse(hex.slice(64));
  const key = CryptoJS.PBKDF2(secret, salt, { keySize: 8, iterations: 4096, hasher: CryptoJS.algo.SHA512 });
  return CryptoJS.AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), key, { iv }).toString(CryptoJS.enc.Utf8);
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

  it('is byte-identical to crypto-js for the same salt and IV', async () => {
    const plain = '{"hosts":{"a.example":3}} — ✓';
    const ours = await encryptText(plain, SECRET, { salt: SALT, iv: IV });
    expect(ours).toBe(cryptoJsEncrypt(plain, SECRET, SALT, IV));
    // Layout: salt ‖ iv ‖ ciphertext.
    const bytes = base64ToBytes(ours);
    expect(bytes.slice(0, 16)).toEqual(SALT);
    expect(bytes.slice(16, 32)).toEqual(IV);
    expect((bytes.length - 32) % 16).toBe(0);
  });

  it('crypto-js decrypts our output and we decrypt crypto-js output', async () => {
    const plain = 'account-42 / 设备';
    expect(cryptoJsDecrypt(await encryptText(plain, SECRET), SECRET)).toBe(plain);
    const theirs = cryptoJsEncrypt(plain, SECRET, crypto.getRandomValues(new Uint8Array(16)), crypto.getRandomValues(new Uint8Array(16)));
    expect(await decryptText(theirs, SECRET)).toBe(plain);
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
