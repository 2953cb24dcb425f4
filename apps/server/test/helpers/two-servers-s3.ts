import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3StorageConfig } from '../../src/storage/s3-storage.js';
import type { TestServer } from './test-server.js';

/**
 * One S3-compatible bucket (s3rver, a fake S3 server on a random port) for several test servers,
 * as an installation of several instances keeps its files: each server gets an S3Storage of its
 * own (its own client, as openFileStorage makes from S3_BUCKET) on the same bucket, in place of
 * the test server's folder on disk. The routes read ctx.storage on every request.
 */
export type SharedBucket = {
  config: S3StorageConfig;
  /** Whether the bucket holds this key (read with a storage of its own, not any server's). */
  has: (key: string) => Promise<boolean>;
  close: () => Promise<void>;
};

export async function shareOneBucket(servers: TestServer[]): Promise<SharedBucket> {
  const dir = mkdtempSync(join(tmpdir(), 'workbench-two-servers-s3-'));
  const bucket = 'workbench-two-servers';
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await s3.run();
  const config: S3StorageConfig = {
    bucket,
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const storages = servers.map(() => new S3Storage(config));
  servers.forEach((server, i) => {
    server.ctx.storage = storages[i] as S3Storage;
  });
  const probe = new S3Storage(config);
  return {
    config,
    has: async (key) => (await probe.get(key)) !== undefined,
    close: async () => {
      for (const storage of [...storages, probe]) storage.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
