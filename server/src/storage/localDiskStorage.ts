import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeForKey, isSafeKey, type FileStorage } from './storage';

const NOT_A_FILE = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'ENAMETOOLONG']);

/** Files on local disk under `root`. Writes go to a temporary file first, so a crash never leaves half a file. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  /**
   * Folders this process made or found: results of one day share a folder, so a bulk resize would otherwise
   * ask for the same folder once per photo (one more trip through the thread pool that sharp runs in).
   */
  private readonly folders = new Set<string>();

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    const tmp = `${target}.${process.pid}.${Date.now()}.tmp`;
    if (!this.folders.has(folder)) {
      await mkdir(folder, { recursive: true });
      this.folders.add(folder);
    }
    try {
      await writeFile(tmp, body);
    } catch (err) {
      // The folder went away since (the retention sweep, an operator): make it again, once.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(folder, { recursive: true });
      await writeFile(tmp, body);
    }
    await rename(tmp, target);
  }

  localPath(key: string): string | null {
    return isSafeKey(key) ? this.pathOf(key) : null;
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (!isSafeKey(key)) return null;
    try {
      return { body: await readFile(this.pathOf(key)), contentType: contentTypeForKey(key) };
    } catch (err) {
      // A directory (`/files/uploads`) or an over-long name is no file either.
      if (NOT_A_FILE.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    return stat(this.pathOf(key)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
