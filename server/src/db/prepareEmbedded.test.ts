import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { MIGRATIONS } from './migrations';
import { prepareEmbeddedFolder } from './prepareEmbedded';

describe('prepareEmbeddedFolder', () => {
  let root = '';
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('creates, migrates and installs the queue in a new folder from a process of its own; an existing folder is left alone', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'lumacut-prepare-'));
    const dir = path.join(root, 'pglite');
    await prepareEmbeddedFolder(dir, 'pgboss_prepared');
    const db = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    try {
      const { rows } = await db.query<{ version: number }>('select version from schema_migrations order by version');
      expect(rows.map((r) => Number(r.version))).toEqual(MIGRATIONS.map((m) => m.version).sort((a, b) => a - b));
      const queue = await db.query<{ n: string }>(`select count(*) as n from information_schema.tables where table_schema = 'pgboss_prepared'`);
      expect(Number(queue.rows[0].n)).toBeGreaterThan(0);
      await db.query(`insert into schema_migrations (version, name) values (100000, 'marker')`);
    } finally {
      await db.close();
    }
    // A second call finds the folder and does nothing (the marker row survives; no second initdb).
    const t0 = performance.now();
    await prepareEmbeddedFolder(dir, 'pgboss_prepared');
    expect(performance.now() - t0).toBeLessThan(100);
    const again = await openDatabase({ databaseUrl: null, pgliteDir: dir });
    try {
      expect((await again.query('select 1 from schema_migrations where version = 100000')).rows).toHaveLength(1);
    } finally {
      await again.close();
    }
  });

  it('says which folder could not be prepared', async () => {
    // A folder inside a file cannot be made.
    const file = path.join(root, 'a-file');
    await writeFile(file, 'not a folder');
    await expect(prepareEmbeddedFolder(path.join(file, 'pglite'), 'pgboss')).rejects.toThrow(/preparing the embedded database in .*a-file\/pglite failed/);
  });
});
