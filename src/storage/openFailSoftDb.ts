/**
 * Opens an IndexedDB database of the browser's own waiting rooms (editor assets not yet uploaded, batch
 * photos not yet uploaded), fail-soft: private windows and old browsers may have no IndexedDB, or refuse
 * to open it, and then the answer is null and the caller works without its offline copy.
 * `upgrade` makes the object stores of version 1.
 */
export function openFailSoftDb(name: string, upgrade: (db: IDBDatabase) => void): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}
