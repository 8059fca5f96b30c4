import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { MIGRATIONS, migrate } from './schema';

describe('the server schema', () => {
  it('lists every migration once (the runner applies them in version order)', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(new Set(versions).size).toBe(versions.length);
    // Released versions never change: these are the ones every install has applied or will apply.
    expect([...versions].sort((a, b) => a - b)).toEqual([1, 2, 3, 10, 11, 12, 13, 14, 30, 40, 50, 60, 61, 62, 90, 91, 127, 128, 300, 301, 302]);
  });

  it('brings an empty database to the current schema, and a second run changes nothing', async () => {
    const db = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    try {
      expect(await migrate(db)).toBe(MIGRATIONS.length);
      expect(await migrate(db)).toBe(0);
      const { rows } = await db.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      );
      expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(['files', 'tasks', 'projects', 'project_assets', 'accounts', 'schema_migrations']));
    } finally {
      await db.close();
    }
  });
});
