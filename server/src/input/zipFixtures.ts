/**
 * ZIP archives built byte by byte for tests and benches: ordinary ones, bombs, and ones whose size
 * fields lie, which no ZIP library would write for us.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntryInput {
  name: string;
  body: Buffer;
}

export interface RawZipEntry {
  name: string;
  compressed: Buffer;
  method: 0 | 8;
  crc: number;
  compressedSize: number;
  /** What the headers claim; the truth is whatever the compressed data inflates to. */
  claimedSize: number;
}

/** Writes local headers, data and the central directory for `entries`. */
export function buildZip(entries: RawZipEntry[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.compressedSize >>> 0, 18);
    local.writeUInt32LE(e.claimedSize >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt32LE(e.crc >>> 0, 16);
    dir.writeUInt32LE(e.compressedSize >>> 0, 20);
    dir.writeUInt32LE(e.claimedSize >>> 0, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    chunks.push(local, name, e.compressed);
    central.push(dir, name);
    offset += local.length + name.length + e.compressed.length;
  }
  const centralBuf = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBuf.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, centralBuf, end]);
}

/** An honest ZIP of `entries`, deflated. */
export function deflatedZip(entries: ZipEntryInput[]): Buffer {
  return buildZip(
    entries.map((e) => {
      const compressed = deflateRawSync(e.body);
      return { name: e.name, compressed, method: 8, crc: crc32(e.body), compressedSize: compressed.length, claimedSize: e.body.length };
    }),
  );
}

const bombCache = new Map<number, Buffer>();

/**
 * A ZIP bomb: `entries` entries that each inflate to `unpackedBytes` of zeros from about a thousandth of
 * that. `claimedSize` makes the headers lie about the unpacked size (0xffffffff claims 4 GiB).
 */
export function zipBomb(unpackedBytes: number, options: { claimedSize?: number; entries?: number } = {}): Buffer {
  let compressed = bombCache.get(unpackedBytes);
  if (!compressed) {
    compressed = deflateRawSync(Buffer.alloc(unpackedBytes), { level: 9 });
    bombCache.set(unpackedBytes, compressed);
  }
  const entries: RawZipEntry[] = [];
  for (let i = 0; i < (options.entries ?? 1); i++) {
    entries.push({
      name: `photo${i}.jpg`,
      compressed,
      method: 8,
      crc: 0,
      compressedSize: compressed.length,
      claimedSize: options.claimedSize ?? unpackedBytes,
    });
  }
  return buildZip(entries);
}
