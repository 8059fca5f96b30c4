/** How to reach an S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, R2…); see README "Configuration". */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Custom endpoint of an S3-compatible server; null for AWS S3 itself. */
  endpoint: string | null;
  /** Explicit credentials; null uses the AWS SDK's default chain (instance role, ~/.aws…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted servers need it). */
  forcePathStyle: boolean;
  /** Prepended to every key, so several installs can share one bucket ('' for none). */
  prefix: string;
  /** Lifetime of presigned GETs for results, in seconds; 0 serves every file through the app. */
  presignExpirySeconds: number;
}

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

/**
 * The origin that presigned result URLs point at, for the Content-Security-Policy (`img-src`,
 * `connect-src`) of the web app; null when every file is served by the app itself.
 */
export function directFileOrigin(config: StorageConfig): string | null {
  if (config.kind !== 's3' || config.presignExpirySeconds <= 0) return null;
  const base = new URL(config.endpoint ?? `https://s3.${config.region}.amazonaws.com`);
  return config.forcePathStyle ? base.origin : `${base.protocol}//${config.bucket}.${base.host}`;
}
