import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { s3Client } from '../storage/proof-store';

/**
 * Where the export ZIPs live until they expire: beside the proofs, never among them (a key of
 * another shape, which the proof sweeper ignores). Local disk under DATA_DIR/exports by default,
 * the same S3 bucket under `exports/` when S3_* is set.
 */
export interface ExportStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  close(): void;
}

const KEY = /^exports\/[A-Za-z0-9_-]{1,64}\/[A-Za-z0-9_-]{1,64}\.zip$/;

export function exportKey(userId: string, exportId: string): string {
  const key = `exports/${userId}/${exportId}.zip`;
  if (!KEY.test(key)) throw new RangeError('unexpected export key');
  return key;
}

class LocalExportStore implements ExportStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!KEY.test(key)) throw new RangeError('unexpected export key');
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const full = this.file(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, bytes, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  close(): void {}
}

type S3Storage = Extract<Config['storage'], { kind: 's3' }>;

class S3ExportStore implements ExportStore {
  private readonly client: S3Client;

  constructor(private readonly s: S3Storage) {
    this.client = s3Client(s);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!KEY.test(key)) throw new RangeError('unexpected export key');
    await this.client.send(
      new PutObjectCommand({ Bucket: this.s.bucket, Key: key, Body: bytes, ContentType: 'application/zip' }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    if (!KEY.test(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (KEY.test(key)) await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}

export function createExportStore(config: Pick<Config, 'storage' | 'dataDir'>): ExportStore {
  return config.storage.kind === 's3' ? new S3ExportStore(config.storage) : new LocalExportStore(config.dataDir);
}
