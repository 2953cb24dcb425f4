import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.js';
import { LocalDiskStorage, newFileKey } from '../src/storage/file-storage.js';
import { openFileStorage } from '../src/storage/open-storage.js';
import { S3Storage } from '../src/storage/s3-storage.js';

// The S3-compatible store against s3rver, a fake S3 server on a random port.

let s3: S3rver;
let endpoint: string;
const dir = mkdtempSync(join(tmpdir(), 'workbench-s3-'));
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'workbench-test', configs: [] }],
  });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('puts, gets and removes a file; a missing key is undefined', async () => {
    const storage = new S3Storage({
      bucket: 'workbench-test',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const key = newFileKey(7, 'attachments', 'pdf');
    const data = Buffer.from('%PDF-1.4 a small document');
    await storage.put(key, data);
    expect(await storage.get(key)).toEqual(data);
    expect(await storage.get(newFileKey(7, 'attachments', 'pdf'))).toBeUndefined();
    await storage.remove(key);
    expect(await storage.get(key)).toBeUndefined();
    // Removing again is not an error, as on disk.
    await storage.remove(key);
    await expect(storage.put('../etc/passwd', data)).rejects.toThrow(/invalid file key/);
    storage.close();
  });

  it('is chosen by S3_BUCKET; local disk under DATA_DIR/files otherwise', () => {
    const s3Config = readConfig({ S3_BUCKET: 'files', S3_ENDPOINT: endpoint, DATA_DIR: dir });
    expect(s3Config.s3).toMatchObject({
      bucket: 'files',
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
    });
    expect(openFileStorage(s3Config)).toBeInstanceOf(S3Storage);
    const awsConfig = readConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-central-1' });
    expect(awsConfig.s3).toMatchObject({ region: 'eu-central-1', forcePathStyle: false });
    const diskConfig = readConfig({ DATA_DIR: dir });
    expect(diskConfig.s3).toBeUndefined();
    expect(openFileStorage(diskConfig)).toBeInstanceOf(LocalDiskStorage);
  });
});
