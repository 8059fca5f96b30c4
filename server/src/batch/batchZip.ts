/**
 * Unpacks a batch ZIP one entry at a time, without trusting it. Unlike the plain ZIP upload
 * (input/zipCheck.ts), which refuses a whole archive for one bad entry, a batch keeps going: each bad entry
 * becomes a failed photo with its reason, and the rest of the batch runs (issue 17, "Bad input").
 *
 * - more entries than BATCH_ZIP_MAX_ENTRIES: the whole ZIP is refused before anything is unpacked;
 * - folders and system files (`__MACOSX/`, `.DS_Store`, hidden files): skipped, named in the reply;
 * - nested folders: the photo keeps its file name, the folders are dropped (duplicates get distinct output names);
 * - unsafe names (`../`, absolute, drive letters, control characters): that entry fails, nothing is written by name;
 * - a ZIP bomb: inflation stops at the size the header claims, at BATCH_ITEM_MAX_BYTES per entry and at
 *   BATCH_ZIP_MAX_UNPACKED_BYTES in all (kilobytes of memory whatever the claim); those entries fail;
 * - not an image: refused after its first bytes, that entry fails.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { BATCH_ITEM_MAX_BYTES, BATCH_ZIP_MAX_ENTRIES, BATCH_ZIP_MAX_UNPACKED_BYTES } from '../../../engine/spec/batch';
import { ResultCode } from '../../../engine/spec/errors';
import { ApiError, paramsInvalid } from '../envelope';
import { entryData, entryDataStart, isSafeEntryName, looksLikeImage, openZip, type CentralEntry, type OpenedZip } from '../input/zipCheck';

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * One entry of the ZIP with its idempotency `key` ({@link zipEntryKey}): a file to use (`path`, removed once
 * the callback returns), a refusal, or an entry the batch already `known`s from an earlier upload (not unpacked).
 */
export type ZipPhoto = { name: string; key: string } & ({ path: string } | { reject: { code: number; reason: string } } | { known: true });

/**
 * The batch item key of a ZIP entry: its full name, CRC-32 and size from the central directory, so the same
 * ZIP sent again to the same batch (a retried upload) adds none of its photos twice. Same form as the page's
 * keys (`keys` of the items upload: letters, digits, _ and -), with a prefix of its own.
 */
export function zipEntryKey(entry: Pick<CentralEntry, 'name' | 'crc' | 'size'>): string {
  return `zip_${createHash('sha256')
    .update(`${entry.name}\0${entry.crc >>> 0}\0${entry.size}`)
    .digest('hex')
    .slice(0, 40)}`;
}

/** System and hidden files that archivers add (macOS resource forks, Finder and Windows thumbnails). */
export function isJunkEntry(name: string): boolean {
  const parts = name.split('/');
  const last = parts[parts.length - 1];
  return name.endsWith('/') || parts.includes('__MACOSX') || last.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(last);
}

class EntryProblem extends Error {}

/** Stops an inflating entry past `limit`, refuses data that does not start like an image, sums the CRC. */
function guard(limit: number, limitMessage: string, state: { crc: number; bytes: number }) {
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      state.bytes += chunk.length;
      if (state.bytes > limit) return done(new EntryProblem(limitMessage));
      if (head.length < 12) {
        head = Buffer.concat([head, chunk.subarray(0, 12)]);
        if (head.length >= 12 && !looksLikeImage(head)) return done(new EntryProblem('not an image we can read (JPG, PNG, WEBP, GIF, AVIF or TIFF)'));
      }
      state.crc = crc32(chunk, state.crc);
      done(null, chunk);
    },
  });
}

/** What the batch can still take: `free` photos, and which of the entries' keys it already holds. */
export interface ZipRoom {
  free: number;
  known: (keys: string[]) => Promise<Set<string>>;
}

/**
 * Reads the ZIP at `zipPath` and calls `use` once per entry that is not skipped, in archive order, with the
 * unpacked file, the reason it was refused, or `known` when the batch already holds that entry (by key). Entries
 * the batch holds take no room; a ZIP with more new entries than `room.free` is refused as a whole
 * (PARAMS_INVALID) before anything is unpacked. Returns the skipped names.
 */
export async function forEachZipPhoto(zipPath: string, workDir: string, room: ZipRoom, use: (photo: ZipPhoto) => Promise<void>): Promise<string[]> {
  const { zip, entries: listed } = await openZip(zipPath, BATCH_ZIP_MAX_ENTRIES);
  try {
    return await unpackEach(zip, listed, workDir, room, use);
  } finally {
    zip.close();
  }
}

/** {@link forEachZipPhoto} on the opened ZIP. */
async function unpackEach(
  zip: OpenedZip['zip'],
  listed: CentralEntry[],
  workDir: string,
  room: ZipRoom,
  use: (photo: ZipPhoto) => Promise<void>,
): Promise<string[]> {
  const entries: Array<CentralEntry & { start: number | null }> = [];
  const skipped: string[] = [];
  for (const entry of listed) {
    if (isJunkEntry(entry.name)) skipped.push(entry.name);
    else entries.push({ ...entry, start: null });
  }
  if (entries.length === 0) throw paramsInvalid('the ZIP archive holds no photos');
  const known = await room.known([...new Set(entries.map(zipEntryKey))]);
  const fresh = entries.filter((e) => !known.has(zipEntryKey(e))).length;
  if (fresh > room.free) {
    throw paramsInvalid(
      fresh === entries.length
        ? `the ZIP holds ${fresh} files and this batch has room for ${room.free} more photos`
        : `the ZIP holds ${fresh} files this batch does not have yet and it has room for ${room.free} more photos`,
    );
  }
  for (const entry of entries) entry.start = await entryDataStart(zip, entry);

  let total = 0;
  for (const [i, entry] of entries.entries()) {
    const key = zipEntryKey(entry);
    if (known.has(key)) {
      await use({ name: entry.name, key, known: true });
      continue;
    }
    const reject = (reason: string, code: number = ResultCode.PARAMS_INVALID) => use({ name: entry.name, key, reject: { code, reason } });
    if (!isSafeEntryName(entry.name)) {
      await reject(`unsafe name in the ZIP (${JSON.stringify(entry.name.slice(0, 80))}): only plain file and folder names are accepted`);
      continue;
    }
    if (entry.flags & 0x1) {
      await reject('encrypted ZIP entries are not supported');
      continue;
    }
    if (entry.method !== 0 && entry.method !== 8) {
      await reject(`unsupported ZIP compression method ${entry.method}`);
      continue;
    }
    if (entry.start === null) {
      await reject('the ZIP entry is damaged or cut off');
      continue;
    }
    if (entry.size > BATCH_ITEM_MAX_BYTES) {
      await reject(`the photo claims ${mb(entry.size)}, more than the ${mb(BATCH_ITEM_MAX_BYTES)} limit`);
      continue;
    }
    if (total + entry.size > BATCH_ZIP_MAX_UNPACKED_BYTES) {
      await reject(`the ZIP unpacks to more than ${mb(BATCH_ZIP_MAX_UNPACKED_BYTES)}; this photo is past that`);
      continue;
    }
    const out = path.join(workDir, `batch-zip-${i}`);
    const state = { crc: 0, bytes: 0 };
    // The header's size is the most it may produce: a bomb that lies about its size stops right there.
    const limitMessage = `the photo unpacks to more than its ZIP header says (${mb(entry.size)}): a damaged entry or a ZIP bomb`;
    let problem: string | null = null;
    try {
      await pipeline(await entryData(zip, entry, entry.start), guard(entry.size, limitMessage, state), createWriteStream(out));
      if (state.bytes !== entry.size) problem = 'the ZIP entry is smaller than its header says';
      else if (state.crc >>> 0 !== entry.crc) problem = 'the ZIP entry is damaged (checksum mismatch)';
    } catch (err) {
      if ((err as { syscall?: string }).syscall && !(err instanceof EntryProblem)) throw err; // the disk, not the archive
      problem = err instanceof EntryProblem || err instanceof ApiError ? err.message : `the ZIP entry is damaged (${(err as Error).message})`;
    }
    try {
      total += state.bytes;
      if (problem) await reject(problem);
      else await use({ name: entry.name, key, path: out });
    } finally {
      await rm(out, { force: true });
    }
  }
  return skipped;
}
