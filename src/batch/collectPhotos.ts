/**
 * Turns what the user gives (picked files, a dropped folder, a ZIP, a paste) into the photos of a batch:
 * images only, ZIPs unpacked in the browser (so every photo gets its own thumbnail and status), folders
 * read recursively. Whatever is left out is counted, so the page can say so.
 */
import JSZip from 'jszip';
import { BATCH_ITEM_MAX_BYTES, BATCH_ZIP_MAX_ENTRIES, BATCH_ZIP_MAX_UNPACKED_BYTES } from '../../engine/spec/batch';

export interface Collected {
  photos: File[];
  /** Files that are not photos (or system files inside a ZIP). */
  skipped: number;
  /** ZIPs that could not be read (damaged, too many entries, or too big unpacked). */
  badZips: string[];
}

const IMAGE_EXT = /\.(jpe?g|png|webp|gif|bmp|tiff?|avif|heic|heif)$/i;
const ZIP_EXT = /\.zip$/i;

export const isPhoto = (f: { name: string; type: string }) => f.type.startsWith('image/') || (f.type === '' && IMAGE_EXT.test(f.name));
export const isZip = (f: { name: string; type: string }) => ZIP_EXT.test(f.name) || f.type === 'application/zip' || f.type === 'application/x-zip-compressed';
/** The last part of a path, as the server names items too (`shoes/a.jpg` → `a.jpg`). */
export const baseName = (path: string) => path.split(/[\\/]/).filter(Boolean).pop() ?? path;
/** macOS resource forks and hidden files travel in ZIPs but are no photos. */
const isSystemEntry = (path: string) => path.startsWith('__MACOSX/') || baseName(path).startsWith('.');

const MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
};
const mimeOf = (name: string) => MIME[name.split('.').pop()!.toLowerCase()] ?? '';

/** The declared unpacked size of a ZIP entry (JSZip keeps it from the central directory). */
const declaredSize = (entry: JSZip.JSZipObject) => Number((entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0);

/** Unpacks the photos of one ZIP; nested folders are flattened to the file names. */
export async function photosFromZip(zip: Blob, name = 'archive.zip'): Promise<Collected> {
  const out: Collected = { photos: [], skipped: 0, badZips: [] };
  let archive: JSZip;
  try {
    archive = await JSZip.loadAsync(zip);
  } catch {
    return { ...out, badZips: [name] };
  }
  const entries = Object.values(archive.files);
  if (entries.length > BATCH_ZIP_MAX_ENTRIES) return { ...out, badZips: [name] };
  let total = 0;
  for (const entry of entries) {
    if (entry.dir) continue;
    if (isSystemEntry(entry.name) || !IMAGE_EXT.test(entry.name) || declaredSize(entry) > BATCH_ITEM_MAX_BYTES) {
      out.skipped++;
      continue;
    }
    total += declaredSize(entry);
    // A ZIP bomb declares (or unpacks to) far more than any batch of photos: stop before unpacking it.
    if (total > BATCH_ZIP_MAX_UNPACKED_BYTES) return { photos: [], skipped: 0, badZips: [name] };
    try {
      const bytes = await entry.async('blob');
      if (bytes.size > BATCH_ITEM_MAX_BYTES) {
        out.skipped++;
        continue;
      }
      out.photos.push(new File([bytes], baseName(entry.name), { type: mimeOf(entry.name) }));
    } catch {
      out.skipped++;
    }
  }
  return out;
}

/** Photos from picked or dropped files; ZIPs among them are unpacked. */
export async function collectPhotos(files: readonly File[]): Promise<Collected> {
  const out: Collected = { photos: [], skipped: 0, badZips: [] };
  for (const file of files) {
    if (isZip(file)) {
      const inner = await photosFromZip(file, file.name);
      out.photos.push(...inner.photos);
      out.skipped += inner.skipped;
      out.badZips.push(...inner.badZips);
    } else if (isPhoto(file)) {
      out.photos.push(file);
    } else {
      out.skipped++;
    }
  }
  return out;
}

/** Every file of a drop, reading dropped folders recursively (Chromium, Firefox and Safari all have webkitGetAsEntry). */
export async function filesFromDrop(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items ?? [])
    .map((item) => item.webkitGetAsEntry?.())
    .filter((e): e is FileSystemEntry => Boolean(e));
  if (entries.length === 0) return Array.from(data.files);
  const files: File[] = [];
  const walk = async (entry: FileSystemEntry): Promise<void> => {
    if (entry.isFile) {
      files.push(await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject)));
    } else if (entry.isDirectory) {
      const reader = (entry as FileSystemDirectoryEntry).createReader();
      // readEntries answers in chunks (100 in Chromium) until it answers with none.
      for (;;) {
        const chunk = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
        if (chunk.length === 0) break;
        for (const child of chunk) await walk(child);
      }
    }
  };
  for (const entry of entries) await walk(entry);
  return files;
}
