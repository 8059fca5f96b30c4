/**
 * Keeps the last result of a re-composite tool page (photo, result, the task it came from, the options) in this
 * browser's IndexedDB, so that a purchase or a sign-in that leaves the page does not lose it (issue 29): back on
 * the page, in the same tab, the result is there again and option changes stay free. One record per page path;
 * "New image" removes it, and a record older than RESUME_MAX_AGE_MS is never restored (and is deleted).
 */
import { WORK_PAGE_KEY } from '../../engine/spec/storageKeys';
import { openFailSoftDb } from '../storage/openFailSoftDb';

const DB_NAME = 'lumacut-resume';
const STORE = 'results';
/** The server keeps uploads and results for RETENTION_HOURS (24 by default); a result is resumed well within that. */
export const RESUME_MAX_AGE_MS = 6 * 3600_000;

export interface SavedResult {
  path: string;
  file: File;
  result: Blob;
  sourceName: string;
  taskId: string;
  fileUrl: string;
  /** The page's options that made the result. */
  state: unknown;
  savedAt: number;
}

let opening: Promise<IDBDatabase | null> | null = null;
const db = () => (opening ??= openFailSoftDb(DB_NAME, (d) => d.createObjectStore(STORE, { keyPath: 'path' })));

function request<T>(run: (store: IDBObjectStore) => IDBRequest<T>, mode: IDBTransactionMode): Promise<T | null> {
  return db().then(
    (d) =>
      new Promise<T | null>((resolve) => {
        if (!d) return resolve(null);
        try {
          const req = run(d.transaction(STORE, mode).objectStore(STORE));
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** Remembers `path` as this tab's work page (sessionStorage: ends with the tab). */
export function rememberWorkPage(path: string): void {
  try {
    sessionStorage.setItem(WORK_PAGE_KEY, path);
  } catch {
    // No session storage: nothing to return to.
  }
}

/** The tool page this tab worked on last, or null. */
export function workPage(): string | null {
  try {
    return sessionStorage.getItem(WORK_PAGE_KEY);
  } catch {
    return null;
  }
}

export async function saveResult(saved: SavedResult): Promise<void> {
  await request((store) => store.put(saved), 'readwrite');
}

export async function forgetResult(path: string): Promise<void> {
  await request((store) => store.delete(path), 'readwrite');
}

/** The saved result of `path` when this tab worked on that page last and it is recent; otherwise null. */
export async function savedResult(path: string, now: number = Date.now()): Promise<SavedResult | null> {
  if (workPage() !== path) return null;
  const saved = await request<SavedResult | undefined>((store) => store.get(path), 'readonly');
  if (!saved) return null;
  if (now - saved.savedAt > RESUME_MAX_AGE_MS) {
    await forgetResult(path);
    return null;
  }
  return saved;
}
