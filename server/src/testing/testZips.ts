/**
 * ZIP archives for the batch tests, including the hostile ones no archiver writes: path-traversal names,
 * entries whose header lies about their size (ZIP bombs), thousands of entries. A thin front of the one
 * byte-level ZIP writer, server/src/input/zipFixtures.ts.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import { buildZip as writeZip } from '../input/zipFixtures';

export interface RawEntry {
  name: string;
  data: Buffer;
  /** 8 deflate (default), 0 stored. */
  method?: 0 | 8;
  /** The uncompressed size the headers claim (default: the real size). */
  claimedSize?: number;
}

export function buildZip(entries: RawEntry[]): Buffer {
  return writeZip(
    entries.map((e) => {
      const method = e.method ?? 8;
      const compressed = method === 8 ? deflateRawSync(e.data) : e.data;
      return { name: e.name, compressed, method, crc: crc32(e.data) >>> 0, compressedSize: compressed.length, claimedSize: e.claimedSize ?? e.data.length };
    }),
  );
}
