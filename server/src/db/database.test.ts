import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './database';

describe('openDatabase (PGlite)', () => {
  it("starts the embedded database with the small buffer cache, not PostgreSQL's 128 MB", async () => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    try {
      const { rows } = await db.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      // The defaults PGlite starts with are kept (search_path among them).
      expect((await db.query<{ search_path: string }>('show search_path')).rows[0].search_path).toBe('public');
    } finally {
      await db.close();
    }
  });
});

describe('openDatabase (PGlite in a folder)', () => {
  it('creates a new folder in a process of its own, then opens it here (and opens it again later)', async () => {
    const { mkdtempSync, existsSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const root = mkdtempSync(path.join(tmpdir(), 'pglite-open-'));
    const dir = path.join(root, 'pglite');
    try {
      const db = await openDatabase({ databaseUrl: null, pgliteDir: dir });
      expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
      await db.exec('create table t (v int); insert into t values (7);');
      await db.close();
      const again = await openDatabase({ databaseUrl: null, pgliteDir: dir });
      expect((await again.query<{ v: number }>('select v from t')).rows).toEqual([{ v: 7 }]);
      expect((await again.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      await again.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
