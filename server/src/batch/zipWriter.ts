/**
 * Writes a ZIP as a stream, one file at a time (issue 17: "download all as one ZIP streamed by the server,
 * no whole archive in memory"): at most one result is held in memory while it is sent, then released.
 * The archive is written by yazl. Entries are stored, not deflated: the results are PNG, JPEG or WebP, which
 * deflate cannot shrink, and storing keeps the server's CPU for the photos. Names are UTF-8 (flag bit 11).
 */
import { Readable, type PassThrough } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipSource {
  name: string;
  /** Reads the file's bytes when its turn comes; null leaves it out (it vanished meanwhile). */
  read(): Promise<Buffer | null>;
}

/**
 * Where the classic format ends: 32-bit sizes and offsets, 16-bit entry counts. Past them the archive uses
 * ZIP64 records (APPNOTE 4.3.14-4.3.15, 4.5.3), which yazl writes by itself at the real limits. Tests pass
 * lower limits: an entry or archive past them is written as ZIP64 already, to reach that format without 4 GB.
 */
export interface ZipLimits {
  /** A size or offset at or above this is written as ZIP64. */
  bytes: number;
  /** An entry count at or above this is written as ZIP64. */
  entries: number;
}
const CLASSIC: ZipLimits = { bytes: 0xffffffff, entries: 0xffff };
const SLICE = 1024 * 1024;

/**
 * A stream of the ZIP holding `sources`, read in order. Archives past 4 GB or 65,535 entries get ZIP64
 * records, so any size of batch is one archive that standard tools (unzip, 7-Zip, macOS, Windows) open.
 */
export function zipStream(sources: Iterable<ZipSource> | AsyncIterable<ZipSource>, now = new Date(), limits: ZipLimits = CLASSIC): Readable {
  const big = (n: number) => n >= limits.bytes;
  async function* generate(): AsyncGenerator<Buffer> {
    const zip = new ZipFile();
    const out = zip.outputStream as PassThrough;
    // Wakes the loop below when yazl has written more, has taken an entry's last byte, has finished, or failed.
    let signalled = false;
    let wake = () => {};
    const signal = () => {
      signalled = true;
      wake();
    };
    let failure: Error | null = null;
    let bodyIn = false;
    zip.on('error', (err: Error) => {
      failure = err;
      signal();
    });
    out.on('readable', signal);
    out.on('end', signal);
    // yazl pipes each entry's data into its output; the pipe ends (unpipe) once the last byte is in.
    out.on('unpipe', () => {
      bodyIn = true;
      signal();
    });
    let written = 0;
    let count = 0;
    /** Hands on what yazl has written until `done()`: all of it before the next photo is read. */
    async function* pass(done: () => boolean): AsyncGenerator<Buffer> {
      for (;;) {
        signalled = false;
        if (failure) throw failure;
        const chunk = out.read() as Buffer | null;
        if (chunk !== null) {
          written += chunk.length;
          yield chunk;
        } else if (done()) {
          return;
        } else if (!signalled) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = () => {};
        }
      }
    }
    try {
      for await (const source of sources) {
        let body = await source.read();
        if (!body) continue;
        const size = body.length;
        const offset = written + out.readableLength;
        bodyIn = false;
        zip.addReadStreamLazy(source.name, { compress: false, mtime: now, mode: 0o100644, size, forceZip64Format: big(size) || big(offset) }, (give) => {
          // In slices: yazl sums the CRC-32 in JavaScript, a few ms a megabyte, so the event loop gets turns between.
          const data = Readable.from(Array.from({ length: Math.ceil(size / SLICE) }, (_, i) => (body as Buffer).subarray(i * SLICE, (i + 1) * SLICE)));
          body = null; // yazl keeps this function: the photo goes with the stream
          give(null, data);
        });
        count += 1;
        yield* pass(() => bodyIn && out.readableLength === 0);
      }
      zip.end({ forceZip64Format: count >= limits.entries || big(written + out.readableLength), comment: '' });
      yield* pass(() => out.readableEnded);
    } finally {
      out.destroy();
    }
  }
  // One chunk at a time: the next photo is read only when the client has taken the last one.
  return Readable.from(generate(), { objectMode: false, highWaterMark: 1 });
}
