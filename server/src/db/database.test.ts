import { describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './database';

describe('openDatabase (PGlite)', () => {
  it('starts the embedded database with the small buffer cache, not PostgreSQL\'s 128 MB', async () => {
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
