import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob } from './AssetStore';
import { sha256Hex } from './sha256';

const nodeSha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256Hex (fallback for plain-HTTP pages)', () => {
  it('matches Node crypto across padding boundaries', () => {
    for (const length of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_001]) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(sha256Hex(bytes), `length ${length}`).toBe(nodeSha(bytes));
    }
  });

  it('gives the known digest of "abc"', () => {
    expect(sha256Hex(new TextEncoder().encode('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is what hashBlob uses when Web Crypto is missing', async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3, 4])]);
    const subtle = Object.getOwnPropertyDescriptor(globalThis.crypto, 'subtle');
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    try {
      expect(await hashBlob(blob)).toBe(nodeSha(new Uint8Array([1, 2, 3, 4])));
    } finally {
      if (subtle) Object.defineProperty(globalThis.crypto, 'subtle', subtle);
      else delete (globalThis.crypto as { subtle?: unknown }).subtle;
    }
  });
});
