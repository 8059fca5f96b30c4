/**
 * Checks an uploaded ZIP without trusting it (issue 16, finding 2): the archive is read with yauzl (central
 * directory from disk, ZIP64 included), each entry is inflated as a stream that stops at the per-entry limit
 * (UPLOAD_MAX_BYTES), at the size the entry's header claims, and at the archive's total
 * (ZIP_MAX_UNPACKED_BYTES), and an entry that does not start like an image is refused after its first bytes.
 * A zip bomb therefore costs kilobytes of memory, not gigabytes; a header that claims 4 GiB is refused before
 * anything is inflated. Each entry is written to a temporary file and given the same full decode check as an upload.
 */
import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { UPLOAD_MAX_BYTES, ZIP_MAX_ENTRIES, ZIP_MAX_UNPACKED_BYTES } from '../../../engine/spec/limits';
import { ApiError, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** One entry of the central directory, as its header claims it. */
export interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** yauzl's record of the entry, to find and read its data. */
  entry: yauzl.Entry;
}

/** A ZIP opened by {@link openZip}: its entries, and the file, open until `zip.close()` and its streams end. */
export interface OpenedZip {
  zip: yauzl.ZipFile;
  entries: CentralEntry[];
}

/** First bytes of the image formats an upload accepts (JPEG, PNG, GIF, WebP, TIFF, AVIF/HEIF). */
export function looksLikeImage(head: Buffer): boolean {
  if (head.length < 12) return false;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head.readUInt32BE(0) === 0x89504e47) return true;
  if (head.toString('latin1', 0, 4) === 'GIF8') return true;
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return true;
  if (head.toString('latin1', 0, 4) === 'II*\0' || head.toString('latin1', 0, 4) === 'MM\0*') return true;
  return head.toString('latin1', 4, 8) === 'ftyp';
}

/**
 * A name that stays inside the archive: yauzl's check (no absolute path or drive letter, no `..`, no
 * backslash), and besides neither empty nor holding control characters.
 */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || /[\u0000-\u001f]/.test(name)) return false;
  return yauzl.validateFileName(name) === null;
}

/** The disk's errors as they are; yauzl's refusals of the archive's structure as PARAMS_INVALID (SPEC §8). */
function asZipError(err: unknown): unknown {
  if (err instanceof ApiError || (err as { syscall?: string }).syscall) return err;
  return /end of central directory record signature not found/i.test((err as Error).message)
    ? paramsInvalid('the ZIP archive is damaged (no central directory)')
    : paramsInvalid('the ZIP archive is damaged');
}

/**
 * Opens the ZIP at `zipPath` with yauzl and lists its central directory. A file that does not start like a
 * ZIP is refused first; more than `maxEntries` entries (default ZIP_MAX_ENTRIES; batch editing passes its own)
 * is refused before any entry is read. Names are not trusted: check them with {@link isSafeEntryName}.
 * The caller closes `zip` when done.
 */
export async function openZip(zipPath: string, maxEntries: number = ZIP_MAX_ENTRIES): Promise<OpenedZip> {
  const file = await open(zipPath, 'r');
  try {
    const fileSize = (await file.stat()).size;
    const magic = Buffer.alloc(4);
    await file.read(magic, 0, 4, 0);
    if (fileSize < 22 || magic.readUInt32LE(0) !== 0x04034b50) throw paramsInvalid('the file is not a ZIP archive');
  } finally {
    await file.close();
  }
  // Names stay raw (decodeStrings: false) so that an unsafe name is one entry's problem, not the archive's;
  // entry sizes are checked by the callers' guards, with messages of their own.
  const zip = await yauzl.openPromise(zipPath, { autoClose: false, decodeStrings: false, validateEntrySizes: false }).catch((err) => {
    throw asZipError(err);
  });
  try {
    if (zip.entryCount > maxEntries) throw paramsInvalid(`a ZIP may hold at most ${maxEntries} files (this one lists ${zip.entryCount})`);
    const entries: CentralEntry[] = [];
    for await (const entry of zip.eachEntry()) {
      entries.push({
        // UTF-8 by flag bit 11 or Info-ZIP's Unicode path field, else CP437; backslashes kept (and refused).
        name: yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true),
        flags: entry.generalPurposeBitFlag,
        method: entry.compressionMethod,
        crc: entry.crc32,
        compressedSize: entry.compressedSize,
        size: entry.uncompressedSize,
        entry,
      });
    }
    return { zip, entries };
  } catch (err) {
    zip.close();
    throw asZipError(err);
  }
}

/** Where the entry's data starts (its local header read by yauzl); null when that header is missing or the data runs past the file. */
export async function entryDataStart(zip: yauzl.ZipFile, entry: CentralEntry): Promise<number | null> {
  try {
    return (await zip.readLocalFileHeaderPromise(entry.entry, { minimal: true })).fileDataStart;
  } catch (err) {
    if ((err as { syscall?: string }).syscall) throw err; // the disk, not the archive
    return null;
  }
}

/** The entry's data from `start`, inflated when it is deflated (method 8). Nothing is checked: pipe it through a guard. */
export function entryData(zip: yauzl.ZipFile, entry: CentralEntry, start: number): Promise<Readable> {
  if (entry.compressedSize === 0) return Promise.resolve(Readable.from([] as Buffer[]));
  return new Promise((resolve, reject) => {
    zip.openReadStreamLowLevel(start, entry.compressedSize, 0, entry.compressedSize, entry.method === 8, null, (err, stream) =>
      err ? reject(err) : resolve(stream),
    );
  });
}

/** Stops an inflating stream once it passes `limit` bytes, and refuses data that does not start like an image. */
function guard(entry: CentralEntry, limit: number, state: { crc: number; bytes: number }) {
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.bytes += chunk.length;
      if (state.bytes > limit) {
        done(
          paramsInvalid(
            state.bytes > entry.size
              ? `${entry.name}: the entry is larger than its header says`
              : `the ZIP archive unpacks to more than ${mb(ZIP_MAX_UNPACKED_BYTES)}`,
          ),
        );
        return;
      }
      if (head.length < 12) {
        head = Buffer.concat([head, chunk.subarray(0, 12)]);
        if (head.length >= 12 && !looksLikeImage(head)) {
          done(paramsInvalid(`${entry.name}: the file is not an image we can read (JPG, PNG, WEBP, GIF, AVIF or TIFF)`));
          return;
        }
      }
      state.crc = crc32(chunk, state.crc);
      done(null, chunk);
    },
  });
}

/**
 * Validates the ZIP at `zipPath`: readable, 1..ZIP_MAX_ENTRIES files, within the unpacked limits, names that
 * stay inside it, and only whole images inside. Entries are unpacked one at a time into `workDir`.
 * Returns the entry names. Throws PARAMS_INVALID (-102) with the reason.
 */
export async function checkZipFile(zipPath: string, workDir: string): Promise<string[]> {
  const { zip, entries: listed } = await openZip(zipPath);
  try {
    const entries = listed.filter((e) => !e.name.endsWith('/'));
    if (entries.length === 0) throw paramsInvalid('the ZIP archive is empty');
    let claimed = 0;
    const starts: number[] = [];
    for (const entry of entries) {
      if (!isSafeEntryName(entry.name)) throw paramsInvalid(`the ZIP holds a file with an unsafe name: ${JSON.stringify(entry.name.slice(0, 100))}`);
      if (entry.flags & 0x1) throw paramsInvalid(`${entry.name}: encrypted entries are not supported`);
      if (entry.method !== 0 && entry.method !== 8) throw paramsInvalid(`${entry.name}: unsupported compression method ${entry.method}`);
      if (entry.size > UPLOAD_MAX_BYTES) throw paramsInvalid(`${entry.name}: the entry claims ${mb(entry.size)}, more than the ${mb(UPLOAD_MAX_BYTES)} limit`);
      claimed += entry.size;
      const start = await entryDataStart(zip, entry);
      if (start === null) throw paramsInvalid(`${entry.name}: the entry is damaged or cut off`);
      starts.push(start);
    }
    if (claimed > ZIP_MAX_UNPACKED_BYTES) throw paramsInvalid(`the ZIP archive unpacks to more than ${mb(ZIP_MAX_UNPACKED_BYTES)}`);

    let total = 0;
    for (const [i, entry] of entries.entries()) {
      // The honest size is the most an entry may produce; the total limit is checked on what was produced.
      const limit = Math.min(entry.size, UPLOAD_MAX_BYTES, ZIP_MAX_UNPACKED_BYTES - total);
      const state = { crc: 0, bytes: 0 };
      const out = path.join(workDir, `zip-entry-${i}`);
      try {
        await pipeline(await entryData(zip, entry, starts[i]), guard(entry, limit, state), createWriteStream(out));
        if (state.bytes !== entry.size) throw paramsInvalid(`${entry.name}: the entry is smaller than its header says`);
        if (state.crc >>> 0 !== entry.crc) throw paramsInvalid(`${entry.name}: the entry is damaged (checksum mismatch)`);
        total += state.bytes;
        await inspectImage(out).catch((err: Error) => {
          throw paramsInvalid(`${entry.name}: ${err.message}`);
        });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        if ((err as { syscall?: string }).syscall) throw err; // the disk, not the archive
        throw paramsInvalid(`${entry.name}: the entry is damaged (${(err as Error).message})`);
      } finally {
        await rm(out, { force: true });
      }
    }
    return entries.map((e) => e.name);
  } finally {
    zip.close();
  }
}
