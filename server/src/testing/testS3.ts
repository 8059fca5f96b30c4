import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: it checks AWS Signature V4 against these, like a real S3 server. */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables a Lumacut node needs to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts a real S3-protocol server (s3rver) on 127.0.0.1 with one empty bucket, its objects in a
 * temporary folder. It speaks the S3 HTTP API the AWS SDK talks to on AWS, checks access key ids and
 * presigned URL expiry, but does not recompute V4 signatures (real S3 and MinIO do).
 */
export async function startTestS3(bucket = 'lumacut-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'lumacut-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
