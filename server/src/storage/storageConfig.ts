import path from 'node:path';
import { LocalDiskStorage } from './localDiskStorage';
import { S3Storage, type S3StorageOptions } from './s3Storage';
import type { FileStorage } from './storage';

/** Where files live: the data folder (default) or an S3-compatible bucket (S3_BUCKET set). */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageOptions);

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

/**
 * Reads the S3_* variables (README "Configuration"). Without S3_BUCKET files stay on local disk.
 * Half a configuration (a key without its secret, a bad number) stops the start with a clear message
 * rather than writing files somewhere unexpected.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => env[n]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store files in S3`);
    return { kind: 'local' };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left out for the default AWS credentials)');
  }
  const endpoint = env.S3_ENDPOINT ? env.S3_ENDPOINT.replace(/\/+$/, '') : null;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const expiry = env.S3_PRESIGN_EXPIRY ? Number(env.S3_PRESIGN_EXPIRY) : 0;
  // AWS signatures are valid for at most 7 days.
  if (!Number.isInteger(expiry) || expiry < 0 || expiry > 604800) {
    throw new Error(`S3_PRESIGN_EXPIRY must be whole seconds from 0 to 604800, got "${env.S3_PRESIGN_EXPIRY}"`);
  }
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[a-zA-Z0-9_.\/-]+$/.test(prefix)) throw new Error(`S3_PREFIX may hold letters, digits, _ . - and / only`);
  return {
    kind: 's3',
    bucket,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    // Self-hosted servers (MinIO, s3rver, Garage) rarely have per-bucket host names.
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, endpoint !== null, 'S3_FORCE_PATH_STYLE'),
    prefix,
    presignExpirySeconds: expiry,
  };
}

/** The FileStorage for `config`: `<dataDir>/files` on disk, or the bucket. */
export function createFileStorage(config: StorageConfig, dataDir: string): FileStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...options } = config;
    return new S3Storage(options);
  }
  return new LocalDiskStorage(path.join(dataDir, 'files'));
}

/**
 * The origin that presigned result URLs point at, for the Content-Security-Policy (`img-src`,
 * `connect-src`) of the web app; null when every file is served by the app itself.
 */
export function directFileOrigin(config: StorageConfig): string | null {
  if (config.kind !== 's3' || config.presignExpirySeconds <= 0) return null;
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? base.origin : `${base.protocol}//${config.bucket}.${base.host}`;
}
