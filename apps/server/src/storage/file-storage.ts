import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { fileUrlSigner } from './file-urls.js';

/**
 * One store for every file of the product (workspace images, profile pictures, later issue
 * attachments, equipment and asset files). Local disk under DATA_DIR/files today; an
 * S3-compatible store implements the same three calls when configured.
 * Keys are random; the URLs the API answers are signed and expire (file-urls.ts), because <img>
 * tags and download links cannot send the bearer token.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

export const FILES_URL_PREFIX = '/api/v4/files/';

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  eml: 'message/rfc822',
  msg: 'application/vnd.ms-outlook',
};

export function contentTypeOf(key: string): string {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** A fresh key: `<clientId>/<folder>/<32 hex>.<ext>`. */
export function newFileKey(clientId: number, folder: string, ext: string): string {
  return `${clientId}/${folder}/${randomBytes(16).toString('hex')}.${ext.toLowerCase()}`;
}

/**
 * The signed, short-lived URL path of a stored file (null stays null); see file-urls.ts. `name`
 * (an attachment's original file name) is what the browser saves a download as.
 */
export function fileUrl(key: string | null, name?: string): string | null {
  return key ? fileUrlSigner().url(FILES_URL_PREFIX, key, name) : null;
}

/** Keys are ours (newFileKey); anything else (.., absolute paths) is refused. */
export function isValidFileKey(key: string): boolean {
  return /^\d+\/[a-z0-9_-]+\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/.test(key);
}

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
    const path = normalize(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`invalid file key ${key}`);
    return path;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
