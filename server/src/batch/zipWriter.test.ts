import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zipWriter';

describe('streamed batch ZIP', () => {
  it('reads each file only when the previous one has been taken, and writes a ZIP other tools open', async () => {
    const reads: string[] = [];
    const files = ['shoe-nobg.png', 'ünïcode-nobg.png', 'gone.png', 'last.png'];
    const stream = zipStream(files.map((name) => ({
      name,
      read: async () => {
        reads.push(name);
        return name === 'gone.png' ? null : Buffer.alloc(256 * 1024, name.length);
      },
    })));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      // The first local header has arrived; later photos have not been read yet.
      if (chunks.length === 1) expect(reads).toEqual(['shoe-nobg.png']);
    }
    const zip = await JSZip.loadAsync(Buffer.concat(chunks));
    expect(Object.keys(zip.files)).toEqual(['shoe-nobg.png', 'ünïcode-nobg.png', 'last.png']);
    expect((await zip.file('last.png')!.async('nodebuffer')).equals(Buffer.alloc(256 * 1024, 8))).toBe(true);
  });
});
