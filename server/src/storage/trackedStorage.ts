import type { Database } from '../db/database';
import type { FileStorage } from './storage';

/**
 * Gives every stored file a `files` row, whoever writes it (uploads, task results, detection
 * masks, project assets), so retention can find everything it must delete. The row is written
 * before the bytes: a crash in between leaves a row without a file, which the sweep deletes
 * harmlessly, never a file that nothing knows about.
 */
export class TrackedStorage implements FileStorage {
  constructor(
    private readonly inner: FileStorage,
    private readonly db: Database,
  ) {}

  /** The wrapped storage, for callers that manage the rows themselves (the retention sweep, in batches). */
  get untracked(): FileStorage {
    return this.inner;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    // Callers that know more (an upload's size and tool) update the row afterwards.
    await this.db.query(
      `insert into files (key, content_type, size_bytes) values ($1, $2, $3)
       on conflict (key) do update set content_type = excluded.content_type, size_bytes = excluded.size_bytes`,
      [key, contentType, body.length],
    );
    await this.inner.put(key, body, contentType);
  }

  /** Stores several files with one statement for their rows (light tasks finish in groups). */
  async putMany(files: Array<{ key: string; body: Buffer; contentType: string }>): Promise<void> {
    if (files.length === 0) return;
    await this.db.query(
      `insert into files (key, content_type, size_bytes) select * from unnest($1::text[], $2::text[], $3::int[])
       on conflict (key) do update set content_type = excluded.content_type, size_bytes = excluded.size_bytes`,
      [files.map((f) => f.key), files.map((f) => f.contentType), files.map((f) => f.body.length)],
    );
    await Promise.all(files.map((f) => this.inner.put(f.key, f.body, f.contentType)));
  }

  get(key: string) {
    return this.inner.get(key);
  }

  exists(key: string) {
    return this.inner.exists(key);
  }

  async delete(key: string): Promise<void> {
    await this.inner.delete(key);
    await this.db.query('delete from files where key = $1', [key]);
  }

  localPath(key: string): string | null {
    return this.inner.localPath?.(key) ?? null;
  }

  directUrl(key: string): Promise<string | null> {
    return this.inner.directUrl?.(key) ?? Promise.resolve(null);
  }
}
