/**
 * Image bytes that are not on the server yet wait here, in IndexedDB, keyed by project and asset
 * id. With the localStorage draft this makes an offline session survive a closed tab: on the next
 * open, an asset the server does not have is read back from here. Every call is fail-soft (private
 * windows and old browsers may have no IndexedDB): losing this cache only loses the offline copy.
 */
import { openFailSoftDb } from '../../storage/openFailSoftDb';

const DB_NAME = 'lumacut-pending-assets';
const STORE = 'assets';

interface PendingRecord {
  key: string;
  pid: string;
  assetId: string;
  blob: Blob;
}

let opening: Promise<IDBDatabase | null> | null = null;

function openDb(): Promise<IDBDatabase | null> {
  opening ??= openFailSoftDb(DB_NAME, (db) => db.createObjectStore(STORE, { keyPath: 'key' }).createIndex('pid', 'pid'));
  return opening;
}

const keyOf = (pid: string, assetId: string) => `${pid}/${assetId}`;

function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return openDb().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        try {
          const request = fn(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(null);
        } catch {
          resolve(null);
        }
      }),
  );
}

/** Keeps `blob` until it has been uploaded. */
export async function keepPendingAsset(pid: string, assetId: string, blob: Blob): Promise<void> {
  const record: PendingRecord = { key: keyOf(pid, assetId), pid, assetId, blob };
  await run('readwrite', (store) => store.put(record));
}

/** The waiting bytes of an asset, or null. */
export async function readPendingAsset(pid: string, assetId: string): Promise<Blob | null> {
  const record = await run<PendingRecord | undefined>('readonly', (store) => store.get(keyOf(pid, assetId)) as IDBRequest<PendingRecord | undefined>);
  return record?.blob ?? null;
}

/** Forgets an asset once the server has it. */
export async function dropPendingAsset(pid: string, assetId: string): Promise<void> {
  await run('readwrite', (store) => store.delete(keyOf(pid, assetId)));
}
