/**
 * Writes a ZIP as a stream, one file at a time (issue 17: "download all as one ZIP streamed by the server,
 * no whole archive in memory"): at most one result is held in memory while it is sent, then released.
 * Entries are stored, not deflated: the results are PNG, JPEG or WebP, which deflate cannot shrink, and
 * storing keeps the server's CPU for the photos. Names are UTF-8 (flag bit 11).
 */
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

export interface ZipSource {
  name: string;
  /** Reads the file's bytes when its turn comes; null leaves it out (it vanished meanwhile). */
  read(): Promise<Buffer | null>;
}

/**
 * Where the classic format ends: 32-bit sizes and offsets, 16-bit entry counts. Past them the archive uses
 * ZIP64 records (APPNOTE 4.3.14-4.3.15, 4.5.3): the classic field holds 0xFFFF or 0xFFFFFFFF and the real value
 * sits in a ZIP64 extra field or end record. Tests pass lower limits to reach these paths without 4 GB.
 */
export interface ZipLimits {
  /** A size or offset at or above this is written as ZIP64. */
  bytes: number;
  /** An entry count at or above this is written as ZIP64. */
  entries: number;
}
const CLASSIC: ZipLimits = { bytes: 0xffffffff, entries: 0xffff };

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** A ZIP64 extended information extra field (header 0x0001) holding `values` (8 bytes each, in APPNOTE order). */
function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

/**
 * A stream of the ZIP holding `sources`, read in order. Archives past 4 GB or 65,535 entries get ZIP64
 * records, so any size of batch is one archive that standard tools (unzip, 7-Zip, macOS, Windows) open.
 */
export function zipStream(sources: Iterable<ZipSource> | AsyncIterable<ZipSource>, now = new Date(), limits: ZipLimits = CLASSIC): Readable {
  const { time, date } = dosTime(now);
  const big = (n: number) => n >= limits.bytes;
  async function* generate(): AsyncGenerator<Buffer> {
    const central: Buffer[] = [];
    let centralBytes = 0;
    let offset = 0;
    let count = 0;
    const add = function* (name: string, body: Buffer): Generator<Buffer> {
      const nameBytes = Buffer.from(name, 'utf8');
      const crc = crc32(body) >>> 0;
      const size64 = big(body.length);
      const offset64 = big(offset);
      // Local header: both sizes go to its ZIP64 extra when either is too big for 32 bits.
      const localExtra = size64 ? zip64Extra([body.length, body.length]) : Buffer.alloc(0);
      // Central header: only the fields that overflow, in the order size, compressed size, offset.
      const centralExtra = size64 || offset64 ? zip64Extra([...(size64 ? [body.length, body.length] : []), ...(offset64 ? [offset] : [])]) : Buffer.alloc(0);
      const version = size64 || offset64 ? 45 : 20; // 4.5: ZIP64
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(version, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(size64 ? 0xffffffff : body.length, 18);
      local.writeUInt32LE(size64 ? 0xffffffff : body.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(localExtra.length, 28);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(0x0300 | version, 4); // made by: Unix
      entry.writeUInt16LE(version, 6);
      entry.writeUInt16LE(0x0800, 8);
      entry.writeUInt16LE(0, 10);
      entry.writeUInt16LE(time, 12);
      entry.writeUInt16LE(date, 14);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(size64 ? 0xffffffff : body.length, 20);
      entry.writeUInt32LE(size64 ? 0xffffffff : body.length, 24);
      entry.writeUInt16LE(nameBytes.length, 28);
      entry.writeUInt16LE(centralExtra.length, 30);
      entry.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      entry.writeUInt32LE(offset64 ? 0xffffffff : offset, 42);
      central.push(entry, nameBytes, centralExtra);
      centralBytes += entry.length + nameBytes.length + centralExtra.length;
      offset += local.length + nameBytes.length + localExtra.length + body.length;
      count += 1;
      yield local;
      yield nameBytes;
      if (localExtra.length) yield localExtra;
      yield body;
    };
    for await (const source of sources) {
      const body = await source.read();
      if (body) yield* add(source.name, body);
    }
    const dirOffset = offset;
    // The central directory goes out in pieces of about a megabyte (65,536 entries make several).
    for (let i = 0; i < central.length; i += 3 * 8192) yield Buffer.concat(central.slice(i, i + 3 * 8192));
    const zip64 = count >= limits.entries || big(centralBytes) || big(dirOffset);
    if (zip64) {
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0); // ZIP64 end of central directory record
      record.writeBigUInt64LE(44n, 4); // its size after this field
      record.writeUInt16LE(0x032d, 12); // made by: Unix, 4.5
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(centralBytes), 40);
      record.writeBigUInt64LE(BigInt(dirOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0); // ZIP64 end of central directory locator
      locator.writeBigUInt64LE(BigInt(dirOffset + centralBytes), 8);
      locator.writeUInt32LE(1, 16); // one disk
      yield record;
      yield locator;
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count >= limits.entries ? 0xffff : count, 8);
    end.writeUInt16LE(count >= limits.entries ? 0xffff : count, 10);
    end.writeUInt32LE(big(centralBytes) ? 0xffffffff : centralBytes, 12);
    end.writeUInt32LE(big(dirOffset) ? 0xffffffff : dirOffset, 16);
    yield end;
  }
  // One chunk at a time: the next photo is read only when the client has taken the last one.
  return Readable.from(generate(), { objectMode: false, highWaterMark: 1 });
}
