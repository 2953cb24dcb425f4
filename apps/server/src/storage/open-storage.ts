import { join } from 'node:path';
import type { AppConfig } from '../config.js';
import { type FileStorage, LocalDiskStorage } from './file-storage.js';
import { S3Storage } from './s3-storage.js';

/** The one file store of the server: S3-compatible storage when configured, else DATA_DIR/files. */
export function openFileStorage(config: Pick<AppConfig, 's3' | 'dataDir'>): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'files'));
}
