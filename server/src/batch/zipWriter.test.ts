import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { zipStream } from './zipWriter';

describe('streamed batch ZIP', () => {
  it('reads each file only when the previous one has been taken, and writes a ZIP other tools open', async () => {
    const reads: string[] = [];
    const files = ['shoe-nobg.png', 'ünïcode-nobg.png', 'gone.png', 'last.png'];
    const stream = zipStream(
      files.map((name) => ({
        name,
        read: async () => {
          reads.push(name);
          return name === 'gone.png' ? null : Buffer.alloc(256 * 1024, name.length);
        },
      })),
    );
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

/** Writes the stream to a temporary file and returns its path and bytes. */
async function written(stream: NodeJS.ReadableStream): Promise<{ file: string; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'zip64-')), 'batch.zip');
  await writeFile(file, bytes);
  return { file, bytes };
}

const ZIP64_END = Buffer.from([0x50, 0x4b, 0x06, 0x06]);
const ZIP64_LOCATOR = Buffer.from([0x50, 0x4b, 0x06, 0x07]);

describe('ZIP64 in the streamed batch ZIP', () => {
  it('writes ZIP64 offsets and end records once the archive passes the 32-bit limit (lowered here), and unzip reads it', async () => {
    // Limits of 1000 bytes and 3 entries stand for 4 GB and 65,535: the same code path without writing 4 GB.
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `photo-${i}.jpg`, body: Buffer.alloc(700, i + 1) }));
    const { file, bytes } = await written(
      zipStream(
        files.map((f) => ({ name: f.name, read: async () => f.body })),
        new Date(),
        { bytes: 1000, entries: 3 },
      ),
    );
    expect(bytes.includes(ZIP64_END)).toBe(true);
    expect(bytes.includes(ZIP64_LOCATOR)).toBe(true);
    // The classic end record says "see ZIP64" in the fields that overflowed.
    const end = bytes.subarray(bytes.length - 22);
    expect([end.readUInt16LE(10), end.readUInt32LE(16)]).toEqual([0xffff, 0xffffffff]);
    // Info-ZIP's unzip checks every CRC and reads the offsets from the ZIP64 extra fields.
    const test = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(test).toContain('No errors detected');
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files)).toEqual(files.map((f) => f.name));
    for (const f of files) expect((await zip.file(f.name)!.async('nodebuffer')).equals(f.body)).toBe(true);
  });

  it('writes no ZIP64 records for an ordinary batch', async () => {
    const { bytes } = await written(zipStream([{ name: 'a.png', read: async () => Buffer.alloc(10, 1) }]));
    expect(bytes.includes(ZIP64_END)).toBe(false);
  });

  it('holds more than 65,535 entries with the real limits, and unzip lists them all', async () => {
    const count = 65_537;
    const sources = Array.from({ length: count }, (_, i) => ({ name: `${i}.txt`, read: async () => Buffer.from([i % 256]) }));
    const { file, bytes } = await written(zipStream(sources));
    expect(bytes.includes(ZIP64_END)).toBe(true);
    const listing = execFileSync('unzip', ['-l', file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(listing.trim().split('\n').at(-1)).toMatch(new RegExp(`\\s${count} files$`));
    expect(execFileSync('unzip', ['-tq', file], { encoding: 'utf8' })).toContain('No errors detected');
  }, 120_000);
});
