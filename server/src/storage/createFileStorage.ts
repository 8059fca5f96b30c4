import path from 'node:path';
import type { StorageConfig } from '../config/storageConfig';
import { LocalDiskStorage } from './localDiskStorage';
import { S3Storage } from './s3Storage';
import type { FileStorage } from './storage';

/** The FileStorage for `config`: `<dataDir>/files` on disk, or the bucket. */
export function createFileStorage(config: StorageConfig, dataDir: string): FileStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...options } = config;
    return new S3Storage(options);
  }
  return new LocalDiskStorage(path.join(dataDir, 'files'));
}
