/**
 * Photos of a batch that are not on the server yet wait here, in IndexedDB, keyed by batch and photo id,
 * so that a page reload (or a closed tab) before every upload has finished loses none of them: the page
 * resumed from `/batch-edit?pid=` reads them back and uploads them (useBatch.ts). A photo is forgotten as
 * soon as the server lists it. Fail-soft like editor/persistence/pendingAssets.ts: without IndexedDB
 * (some private windows) the batch works as before, only a reload then loses the photos not yet sent.
 */
import type { NewPhoto } from '../../machines/batch.machine';
import { openFailSoftDb } from '../storage/openFailSoftDb';

const DB_NAME = 'lumacut-batch-pending';
const STORE = 'photos';

interface PendingRecord {
  key: string;
  batchId: string;
  id: string;
  name: string;
  /** Order in the batch, so photos come back in the order they were added. */
  order: number;
  file: Blob;
}

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  opening ??= openFailSoftDb(DB_NAME, (db) => db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('batchId', 'batchId'));
  return opening;
}

/** Runs `fn` in one transaction and resolves when it has committed (null when IndexedDB is unusable). */
function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const tx = db.transaction(STORE, mode);
          const request = fn(tx.objectStore(STORE));
          tx.oncomplete = () => resolve(request ? request.result : null);
          tx.onerror = () => resolve(null);
          tx.onabort = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

const keyOf = (batchId: string, id: string) => `${batchId}/${id}`;

/**
 * Photos whose upload has landed in this page. An upload can land between the moment the page lists the
 * photos still to keep and the moment it keeps them; the drop then comes first, and without this the keep
 * would store a photo the server already has (a reload would show it twice).
 */
const landed = new Set<string>();

/** Keeps photos of `batchId` until they have been uploaded (one transaction for all). */
export async function keepPendingPhotos(batchId: string, photos: Array<NewPhoto & { order: number }>): Promise<void> {
  const waiting = photos.filter((p) => !landed.has(keyOf(batchId, p.id)));
  if (waiting.length === 0) return;
  await run('readwrite', (store) => {
    for (const p of waiting) store.put({ key: keyOf(batchId, p.id), batchId, id: p.id, name: p.name, order: p.order, file: p.file } satisfies PendingRecord);
  });
}

/** Forgets one photo: the server has it now (or it was removed from the batch). */
export async function dropPendingPhoto(batchId: string, id: string): Promise<void> {
  landed.add(keyOf(batchId, id));
  await run('readwrite', (store) => store.delete(keyOf(batchId, id)));
}

/**
 * Forgets every photo kept for `batchId`: the user threw that batch away ("New batch"), so nothing will
 * ever resume it and its photos would otherwise stay in the browser for good.
 */
export async function dropBatchPhotos(batchId: string): Promise<void> {
  await run('readwrite', (store) => {
    const cursor = store.index('batchId').openKeyCursor(IDBKeyRange.only(batchId));
    cursor.onsuccess = () => {
      if (!cursor.result) return;
      store.delete(cursor.result.primaryKey);
      cursor.result.continue();
    };
  });
}

/** The photos of `batchId` still waiting to be uploaded, in the order they were added. */
export async function readPendingPhotos(batchId: string): Promise<NewPhoto[]> {
  const records = await run<PendingRecord[]>('readonly', (store) => store.index('batchId').getAll(batchId) as IDBRequest<PendingRecord[]>);
  return (records ?? []).sort((a, b) => a.order - b.order).map((r) => ({ id: r.id, name: r.name, file: r.file }));
}
