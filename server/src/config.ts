import path from 'node:path';

/** Server configuration, read once from the environment (see README "Configuration"). */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the embedded database, uploads and results. */
  dataDir: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null;
  /** Number of in-process job workers (0: this process only serves HTTP; run `npm run worker`). */
  workers: number;
  /** Public base URL used in returned file URLs; when empty it is derived from each request. */
  publicUrl: string | null;
  /** Folder of the built web app (vite build output). */
  webDir: string;
  /** Schema name for pg-boss, so several installs can share one PostgreSQL database. */
  queueSchema: string;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Reads the configuration from `env` (defaults: the embedded database in ./data, port 8080, one worker). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: intFrom(env.PORT, 8080, 'PORT'),
    dataDir: path.resolve(env.DATA_DIR || path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    workers: intFrom(env.WORKERS, 1, 'WORKERS'),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    webDir: path.resolve(env.WEB_DIR || path.join(root, 'dist')),
    queueSchema: env.QUEUE_SCHEMA || 'pgboss',
  };
}

export const PROJECT_ROOT = root;
