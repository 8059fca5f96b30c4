import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** One database the server tests run against, with a fresh, empty store per call of `make`. */
export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  make(): Promise<{ databaseUrl: string | null; pgliteDir: string; dataDir: string; cleanup(): Promise<void> }>;
}

/**
 * PGlite always; PostgreSQL too when DATABASE_URL is set (CI has a server at 127.0.0.1:5432).
 * Each PostgreSQL run gets its own throwaway database, so runs never see each other's rows.
 */
export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [
    {
      name: 'pglite',
      async make() {
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-test-'));
        return { databaseUrl: null, pgliteDir: path.join(dataDir, 'pglite'), dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
      },
    },
  ];
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    targets.push({
      name: 'postgres',
      async make() {
        const { default: pg } = await import('pg');
        const name = `lumacut_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create database ${name}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lumacut-test-'));
        return {
          databaseUrl: url.toString(),
          pgliteDir: path.join(dataDir, 'pglite'),
          dataDir,
          async cleanup() {
            const c = new pg.Client({ connectionString: adminUrl });
            await c.connect();
            await c.query(`drop database if exists ${name} with (force)`);
            await c.end();
            await rm(dataDir, { recursive: true, force: true });
          },
        };
      },
    });
  }
  return targets;
}
