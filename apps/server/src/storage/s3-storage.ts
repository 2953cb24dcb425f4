import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { contentTypeOf, type FileStorage, isValidFileKey } from './file-storage.js';

export type S3StorageConfig = {
  bucket: string;
  /** For S3-compatible services (MinIO, Ceph, R2, ...); AWS itself when omitted. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Most self-hosted services want `<endpoint>/<bucket>/<key>` instead of a bucket subdomain. */
  forcePathStyle: boolean;
};

/**
 * The same store on an S3-compatible object storage, so several server instances share one set
 * of files. Without explicit keys the SDK's usual credential chain applies (instance roles, ...).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
    });
  }

  private checked(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
    return key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.checked(key),
        Body: data,
        ContentType: contentTypeOf(key),
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.checked(key) }),
      );
      if (!result.Body) return undefined;
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    // Deleting a missing object is not an error in S3, as with the local store.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.checked(key) }));
  }

  /** Frees the SDK's connection pool (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
