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

/** Classic ZIP limits (no ZIP64): 4 GiB offsets, 65,535 entries. */
const MAX_OFFSET = 0xffffffff;
const MAX_ENTRIES = 0xffff;

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((Math.max(1980, d.getFullYear()) - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/**
 * A stream of the ZIP holding `sources`, read in order. A file that would pass the 4 GiB limit of the
 * classic format is left out and named in `MISSING.txt` inside the archive, rather than breaking it.
 */
export function zipStream(sources: Iterable<ZipSource> | AsyncIterable<ZipSource>, now = new Date()): Readable {
  const { time, date } = dosTime(now);
  async function* generate(): AsyncGenerator<Buffer> {
    const central: Buffer[] = [];
    const missing: string[] = [];
    let offset = 0;
    const add = function* (name: string, body: Buffer): Generator<Buffer> {
      const nameBytes = Buffer.from(name, 'utf8');
      const crc = crc32(body) >>> 0;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4); // version needed: 2.0
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(0, 8); // stored
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(body.length, 22);
      local.writeUInt16LE(nameBytes.length, 26);
      local.writeUInt16LE(0, 28);
      const entry = Buffer.alloc(46);
      entry.writeUInt32LE(0x02014b50, 0);
      entry.writeUInt16LE(0x031e, 4); // made by: Unix, 3.0
      entry.writeUInt16LE(20, 6);
      entry.writeUInt16LE(0x0800, 8);
      entry.writeUInt16LE(0, 10);
      entry.writeUInt16LE(time, 12);
      entry.writeUInt16LE(date, 14);
      entry.writeUInt32LE(crc, 16);
      entry.writeUInt32LE(body.length, 20);
      entry.writeUInt32LE(body.length, 24);
      entry.writeUInt16LE(nameBytes.length, 28);
      entry.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      entry.writeUInt32LE(offset, 42);
      central.push(entry, nameBytes);
      offset += local.length + nameBytes.length + body.length;
      yield local;
      yield nameBytes;
      yield body;
    };
    let count = 0;
    for await (const source of sources) {
      const body = await source.read();
      if (!body) continue;
      if (count >= MAX_ENTRIES - 1 || offset + 30 + Buffer.byteLength(source.name) + body.length > MAX_OFFSET - 64 * 1024) {
        missing.push(source.name);
        continue;
      }
      count += 1;
      yield* add(source.name, body);
    }
    if (missing.length > 0) {
      yield* add('MISSING.txt', Buffer.from(`These files did not fit in one ZIP (4 GB); download them one by one:\n${missing.join('\n')}\n`));
      count += 1;
    }
    const dir = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(count, 8);
    end.writeUInt16LE(count, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(offset, 16);
    yield dir;
    yield end;
  }
  // One chunk at a time: the next photo is read only when the client has taken the last one.
  return Readable.from(generate(), { objectMode: false, highWaterMark: 1 });
}
