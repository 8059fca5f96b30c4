import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../config';
import { pgliteTemplateDir } from '../config/pgliteTemplate';

/**
 * The one store of the server: PostgreSQL, either embedded (PGlite, in-process, in the data
 * folder) or a server reached by DATABASE_URL. Everything else (tasks, files, the pg-boss
 * queue) talks to it through this small interface.
 */
export interface Queryable {
  /** One statement with positional parameters ($1, $2…). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when
   * it throws (the credit ledger charges a task and records it atomically).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** PGlite data folder; `memory://` keeps it in memory (tests). */
  pgliteDir: string;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.pgliteDir);
}

/**
 * PGlite's buffer cache. PostgreSQL's default, 128 MB, is resident in this process once touched (PGlite's shared
 * memory lives in its WebAssembly heap): ~140 MB of the server's RSS for a database of a few MB (issue 15, item 4;
 * bench/removebg/serverMemory.ts). 16 MB holds the task and file tables many times over.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * A new data folder is initialised (initdb) by scripts/init-pglite.mjs in a process of its own: initdb runs a
 * second PostgreSQL and the initdb program beside this one, ~0.5 GB for a few seconds, which would otherwise
 * remain this process's peak RSS.
 */
async function initPgliteFolder(dir: string): Promise<void> {
  // Tests create hundreds of throwaway databases: a pristine folder made once (config/pgliteTemplate.ts) is
  // copied in 0.1 s where initdb takes 3-7 s.
  const template = pgliteTemplateDir();
  if (template && existsSync(path.join(template, 'PG_VERSION'))) {
    await cp(template, dir, { recursive: true });
    return;
  }
  const script = path.join(PROJECT_ROOT, 'scripts', 'init-pglite.mjs');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [script, dir], (err, _out, stderr) => {
      if (err) reject(new Error(`creating the embedded database in ${dir} failed: ${stderr.trim() || err.message}`));
      else resolve();
    });
  });
}

async function openPglite(dir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dir.startsWith('memory://')) {
    mkdirSync(path.dirname(dir), { recursive: true });
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteFolder(dir);
  }
  const pg = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      // PGlite's query() takes one statement; parameterless multi-statement text goes to exec().
      if (params.length === 0 && sql.includes(';') && sql.trim().replace(/;\s*$/, '').includes(';')) {
        const results = await pg.exec(sql);
        return { rows: (results.at(-1)?.rows ?? []) as T[] };
      }
      const result = await pg.query<T>(sql, params);
      return { rows: result.rows };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      // PGlite has one connection; its transaction() holds it exclusively until fn settles.
      return pg.transaction(async (tx) => fn({ query: async <R>(sql: string, params: unknown[] = []) => ({ rows: (await tx.query<R>(sql, params)).rows }) }));
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    async close() {
      await pg.close();
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'lumacut' });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  await pool.query('select 1');
  return {
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await pool.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn({ query: async <R>(sql: string, params: unknown[] = []) => ({ rows: (await client.query(sql, params)).rows as R[] }) });
        await client.query('commit');
        return value;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
