import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageOptions } from '../config/storageConfig';
import { contentTypeForKey, isSafeKey, type FileStorage } from './storage';

/** True when the SDK reports that the object (or bucket) does not exist. */
function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return err.$metadata?.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
}

/**
 * Files in an S3-compatible bucket, behind the same interface as the local disk, so web nodes
 * and worker nodes on different machines see the same uploads and results. Objects are written
 * whole by PutObject (S3 never shows half an object), so no temporary file is needed.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials ?? undefined,
      // Only send checksums S3 requires: many S3-compatible servers reject the newer CRC headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`invalid storage key: ${key}`);
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: body.length,
      }),
    );
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (!isSafeKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      // The type is derived from the key, as on disk: a bucket edited by hand cannot change what we serve.
      return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType: contentTypeForKey(key) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isSafeKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    // DeleteObject succeeds for a missing key too, which keeps retention sweeps idempotent.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  /**
   * A presigned GET for a task result, so the bytes go from the bucket to the browser without
   * passing through a web node. Null (serve through `/files`) for every other key, or when
   * presigning is off. Uploads stay behind the app on purpose: they are the visitors' own photos.
   */
  async directUrl(key: string): Promise<string | null> {
    if (this.options.presignExpirySeconds <= 0 || !key.startsWith('results/') || !isSafeKey(key)) return null;
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }), {
      expiresIn: this.options.presignExpirySeconds,
    });
  }

  /** Closes the HTTP connections of the client. */
  close(): void {
    this.client.destroy();
  }
}
