/**
 * Checks an uploaded ZIP without trusting it (issue 16, finding 2): the central directory is read from
 * disk, each entry is inflated as a stream that stops at the per-entry limit (UPLOAD_MAX_BYTES), at the
 * size the entry's header claims, and at the archive's total (ZIP_MAX_UNPACKED_BYTES), and an entry that
 * does not start like an image is refused after its first bytes. A zip bomb therefore costs kilobytes of
 * memory, not gigabytes; a header that claims 4 GiB is refused before anything is inflated.
 * Each entry is written to a temporary file and given the same full decode check as an upload.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { UPLOAD_MAX_BYTES, ZIP_MAX_ENTRIES, ZIP_MAX_UNPACKED_BYTES } from '../../../engine/spec/limits';
import { ApiError, paramsInvalid } from '../envelope';
import { inspectImage } from '../images/inspectImage';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
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

/** A name that stays inside the archive: no absolute path, no `..`, no backslash or control characters. */
export function isSafeEntryName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.startsWith('/') || /[\\\u0000-\u001f]/.test(name) || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((part) => part === '..');
}

/**
 * Reads the central directory (the end record is in the last 64 KiB + 22 bytes). More than `maxEntries`
 * entries (default ZIP_MAX_ENTRIES; batch editing passes its own) is refused before anything else is read.
 */
export async function readCentralDirectory(
  file: import('node:fs/promises').FileHandle, fileSize: number, maxEntries: number = ZIP_MAX_ENTRIES,
): Promise<CentralEntry[]> {
  const tailSize = Math.min(fileSize, 65_536 + 22);
  const tail = Buffer.alloc(tailSize);
  await file.read(tail, 0, tailSize, fileSize - tailSize);
  let end = -1;
  for (let i = tailSize - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw paramsInvalid('the ZIP archive is damaged (no central directory)');
  const count = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  if (count > maxEntries) throw paramsInvalid(`a ZIP may hold at most ${maxEntries} files (this one lists ${count})`);
  if (dirOffset + dirSize > fileSize || dirSize > count * (46 + 65_535 * 3)) throw paramsInvalid('the ZIP archive is damaged');
  const dir = Buffer.alloc(dirSize);
  await file.read(dir, 0, dirSize, dirOffset);
  const entries: CentralEntry[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw paramsInvalid('the ZIP archive is damaged');
    const nameLength = dir.readUInt16LE(at + 28);
    const extraLength = dir.readUInt16LE(at + 30);
    const commentLength = dir.readUInt16LE(at + 32);
    const flags = dir.readUInt16LE(at + 8);
    entries.push({
      flags,
      method: dir.readUInt16LE(at + 10),
      crc: dir.readUInt32LE(at + 16),
      compressedSize: dir.readUInt32LE(at + 20),
      size: dir.readUInt32LE(at + 24),
      localOffset: dir.readUInt32LE(at + 42),
      name: dir.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Stops an inflating stream once it passes `limit` bytes, and refuses data that does not start like an image. */
function guard(entry: CentralEntry, limit: number, state: { crc: number; bytes: number }) {
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.bytes += chunk.length;
      if (state.bytes > limit) {
        done(paramsInvalid(state.bytes > entry.size
          ? `${entry.name}: the entry is larger than its header says`
          : `the ZIP archive unpacks to more than ${mb(ZIP_MAX_UNPACKED_BYTES)}`));
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
  const file = await open(zipPath, 'r');
  let entries: CentralEntry[];
  let fileSize: number;
  try {
    fileSize = (await file.stat()).size;
    const magic = Buffer.alloc(4);
    await file.read(magic, 0, 4, 0);
    if (fileSize < 22 || magic.readUInt32LE(0) !== 0x04034b50) throw paramsInvalid('the file is not a ZIP archive');
    entries = (await readCentralDirectory(file, fileSize)).filter((e) => !e.name.endsWith('/'));
    if (entries.length === 0) throw paramsInvalid('the ZIP archive is empty');
    let claimed = 0;
    for (const entry of entries) {
      if (!isSafeEntryName(entry.name)) throw paramsInvalid(`the ZIP holds a file with an unsafe name: ${JSON.stringify(entry.name.slice(0, 100))}`);
      if (entry.flags & 0x1) throw paramsInvalid(`${entry.name}: encrypted entries are not supported`);
      if (entry.method !== 0 && entry.method !== 8) throw paramsInvalid(`${entry.name}: unsupported compression method ${entry.method}`);
      if (entry.size > UPLOAD_MAX_BYTES) throw paramsInvalid(`${entry.name}: the entry claims ${mb(entry.size)}, more than the ${mb(UPLOAD_MAX_BYTES)} limit`);
      claimed += entry.size;
      // Where the local header says the data starts.
      const local = Buffer.alloc(30);
      await file.read(local, 0, 30, entry.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) throw paramsInvalid('the ZIP archive is damaged');
      const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressedSize > fileSize) throw paramsInvalid(`${entry.name}: the entry is cut off`);
      (entry as CentralEntry & { start: number }).start = start;
    }
    if (claimed > ZIP_MAX_UNPACKED_BYTES) throw paramsInvalid(`the ZIP archive unpacks to more than ${mb(ZIP_MAX_UNPACKED_BYTES)}`);
  } finally {
    await file.close();
  }

  let total = 0;
  for (const [i, entry] of entries.entries()) {
    const start = (entry as CentralEntry & { start: number }).start;
    // The honest size is the most an entry may produce; the total limit is checked on what was produced.
    const limit = Math.min(entry.size, UPLOAD_MAX_BYTES, ZIP_MAX_UNPACKED_BYTES - total);
    const state = { crc: 0, bytes: 0 };
    const out = path.join(workDir, `zip-entry-${i}`);
    const source = entry.compressedSize === 0
      ? Readable.from([] as Buffer[])
      : createReadStream(zipPath, { start, end: start + entry.compressedSize - 1, highWaterMark: 64 * 1024 });
    const unpack = entry.method === 8 ? createInflateRaw({ chunkSize: 64 * 1024 }) : new PassThrough();
    try {
      await pipeline(source, unpack, guard(entry, limit, state), createWriteStream(out));
      if (state.bytes !== entry.size) throw paramsInvalid(`${entry.name}: the entry is smaller than its header says`);
      if ((state.crc >>> 0) !== entry.crc) throw paramsInvalid(`${entry.name}: the entry is damaged (checksum mismatch)`);
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
}
