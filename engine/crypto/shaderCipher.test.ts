import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  IV_BYTES,
  SALT_BYTES,
  SHADER_CIPHER_VERSION,
  SHADER_PASSPHRASE,
  TAG_BYTES,
  canDecrypt,
  decryptText,
  encryptText,
  looksEncrypted,
} from './shaderCipher';

const SHADER = `precision highp float;
varying vec2 uv;
uniform sampler2D t; // «grain» ünïcødé 🎞
void main() { gl_FragColor = texture2D(t, uv); }
`;

const bytesOf = (b64: string) => Buffer.from(b64, 'base64');

describe('encryptText / decryptText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('round-trips GLSL, unicode, the empty string and a large text', async () => {
    for (const text of [SHADER, '', 'x'.repeat(200_000)]) {
      expect(await decryptText(await encryptText(text))).toBe(text);
    }
  });

  it('writes version | salt | iv | ciphertext+tag as base64', async () => {
    const out = await encryptText(SHADER);
    expect(out).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    const bytes = bytesOf(out);
    expect(bytes[0]).toBe(SHADER_CIPHER_VERSION);
    expect(bytes.length).toBe(1 + SALT_BYTES + IV_BYTES + Buffer.byteLength(SHADER) + TAG_BYTES);
    expect(out).not.toContain('gl_FragColor');
    expect(looksEncrypted(out)).toBe(true);
    expect(looksEncrypted(SHADER)).toBe(false);
  });

  it('uses the SPEC §9 derivation: PBKDF2-SHA512, 4096 iterations, 8-word (256-bit) AES-GCM key', async () => {
    const bytes = bytesOf(await encryptText(SHADER));
    const salt = bytes.subarray(1, 1 + SALT_BYTES);
    const iv = bytes.subarray(1 + SALT_BYTES, 1 + SALT_BYTES + IV_BYTES);
    const body = bytes.subarray(1 + SALT_BYTES + IV_BYTES);
    // Decrypt independently with Node's own crypto: fails unless every parameter matches.
    const key = pbkdf2Sync(SHADER_PASSPHRASE, salt, 4096, 32, 'sha512');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
    expect(plain.toString('utf8')).toBe(SHADER);
  });

  it('picks a fresh random salt and IV per call, and both outputs decrypt', async () => {
    const a = bytesOf(await encryptText(SHADER));
    const b = bytesOf(await encryptText(SHADER));
    expect(a.subarray(1, 1 + SALT_BYTES).equals(b.subarray(1, 1 + SALT_BYTES))).toBe(false);
    expect(a.equals(b)).toBe(false);
    expect(await decryptText(a.toString('base64'))).toBe(SHADER);
    expect(await decryptText(b.toString('base64'))).toBe(SHADER);
  });

  it('derives the key once per salt', async () => {
    const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
    const spy = vi.spyOn(crypto.subtle, 'deriveKey');
    const one = await encryptText('a', { salt });
    const two = await encryptText('b', { salt });
    await decryptText(one);
    await decryptText(two);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(bytesOf(one).subarray(1, 1 + SALT_BYTES)).toEqual(Buffer.from(salt));
  });

  it('is deterministic for a given salt and IV', async () => {
    const salt = new Uint8Array(SALT_BYTES).fill(7);
    const iv = new Uint8Array(IV_BYTES).fill(9);
    expect(await encryptText(SHADER, { salt, iv })).toBe(await encryptText(SHADER, { salt, iv }));
    await expect(encryptText(SHADER, { salt: new Uint8Array(8) })).rejects.toThrow('Shader cipher salt must be 16 bytes, got 8');
  });

  it('refuses bad input with a clear message', async () => {
    const good = await encryptText(SHADER);
    const tampered = bytesOf(good);
    tampered[tampered.length - 20] ^= 1;
    await expect(decryptText(tampered.toString('base64'))).rejects.toThrow('Shader cipher text could not be decrypted: wrong passphrase or corrupted data');
    await expect(decryptText(good, { passphrase: 'another' })).rejects.toThrow('wrong passphrase or corrupted data');
    await expect(decryptText(SHADER)).rejects.toThrow('Shader cipher text is not valid base64');
    await expect(decryptText('AAAA')).rejects.toThrow(/Shader cipher text is too short \(3 bytes/);
    const wrongVersion = bytesOf(good);
    wrongVersion[0] = 9;
    await expect(decryptText(wrongVersion.toString('base64'))).rejects.toThrow('Unsupported shader cipher version 9 (expected 1)');
  });
});

describe('canDecrypt', () => {
  it('is true with WebCrypto and false without crypto.subtle (plain-HTTP page)', async () => {
    expect(canDecrypt()).toBe(true);
    expect(canDecrypt({} as Crypto)).toBe(false);
    expect(canDecrypt(undefined)).toBe(true); // undefined means "use globalThis.crypto"
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as unknown as Crypto;
    await expect(decryptText('AAAA', { crypto: insecure })).rejects.toThrow(/crypto\.subtle\) is not available.*\?plain=1/);
  });
});
