import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { mimeByExt, type ProofExt } from './image';

/** Where deposit proofs live: `<userId>/<timestamp>.<ext>` (spec §3). */
export interface ProofStore {
  /** Stores the (already normalized) bytes and returns their path. */
  put(userId: string, bytes: Buffer, ext: ProofExt, now: Date): Promise<string>;
  /** The bytes at `path`, or null when there is none or the path is not one we could have written. */
  get(path: string): Promise<Buffer | null>;
  delete(path: string): Promise<void>;
  /** Every stored proof (only paths of our own shape) with the wall-clock time it was written. */
  list(): AsyncIterable<StoredProof>;
  /** Releases connections (S3); the app calls it on shutdown. */
  close(): void;
}

export interface StoredProof {
  path: string;
  modifiedAt: Date;
}

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The only shape of path we ever write; everything else (.., /, %, \, absolute) is refused by construction. */
const PROOF_PATH = /^[A-Za-z0-9_-]{1,64}\/\d{1,16}\.(png|jpg|webp|gif)$/;

export function isProofPath(value: string): boolean {
  return PROOF_PATH.test(value);
}

export function extOfProofPath(value: string): ProofExt {
  return value.slice(value.lastIndexOf('.') + 1) as ProofExt;
}

function proofPath(userId: string, ms: number, ext: ProofExt): string {
  if (!USER_ID.test(userId)) throw new RangeError('unexpected user id for a proof path');
  if (!(ext in mimeByExt)) throw new RangeError('unexpected proof extension');
  return `${userId}/${ms}.${ext}`;
}

/** Two uploads in one millisecond take the next free millisecond. */
const MAX_COLLISIONS = 50;

export class LocalProofStore implements ProofStore {
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  private file(p: string): string | null {
    if (!isProofPath(p)) return null;
    const full = path.resolve(this.root, p);
    return full.startsWith(this.root + path.sep) ? full : null;
  }

  async put(userId: string, bytes: Buffer, ext: ProofExt, now: Date): Promise<string> {
    for (let i = 0; i < MAX_COLLISIONS; i += 1) {
      const p = proofPath(userId, now.getTime() + i, ext);
      const full = this.file(p)!;
      await mkdir(path.dirname(full), { recursive: true });
      try {
        await writeFile(full, bytes, { flag: 'wx', mode: 0o600 });
        return p;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
        // A write cut short (the disk full) leaves the file created, empty or partial: never keep it.
        await rm(full, { force: true }).catch(() => {});
        throw err;
      }
    }
    throw new Error('no free proof path');
  }

  async get(p: string): Promise<Buffer | null> {
    const full = this.file(p);
    if (!full) return null;
    try {
      return await readFile(full);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(p: string): Promise<void> {
    const full = this.file(p);
    if (full) await rm(full, { force: true });
  }

  async *list(): AsyncIterable<StoredProof> {
    const users = await readdir(this.root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const user of users) {
      if (!user.isDirectory()) continue;
      const names = await readdir(path.join(this.root, user.name)).catch(() => [] as string[]);
      for (const name of names) {
        const p = `${user.name}/${name}`;
        const full = this.file(p);
        if (!full) continue;
        const info = await stat(full).catch(() => null);
        if (info?.isFile()) yield { path: p, modifiedAt: info.mtime };
      }
    }
  }

  close(): void {}
}

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** One S3 client per store, from the bucket's settings (proofs, exports). */
export function s3Client(settings: Omit<S3Settings, 'bucket'>): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

export class S3ProofStore implements ProofStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = s3Client(settings);
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async put(userId: string, bytes: Buffer, ext: ProofExt, now: Date): Promise<string> {
    for (let i = 0; i < MAX_COLLISIONS; i += 1) {
      const key = proofPath(userId, now.getTime() + i, ext);
      if (await this.exists(key)) continue;
      await this.client.send(
        new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: bytes, ContentType: mimeByExt[ext] }),
      );
      return key;
    }
    throw new Error('no free proof path');
  }

  async get(p: string): Promise<Buffer | null> {
    if (!isProofPath(p)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: p }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(p: string): Promise<void> {
    if (!isProofPath(p)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: p }));
  }

  async *list(): AsyncIterable<StoredProof> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && isProofPath(o.Key)) yield { path: o.Key, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function createProofStore(config: Pick<Config, 'storage'>): ProofStore {
  const s = config.storage;
  return s.kind === 's3' ? new S3ProofStore(s) : new LocalProofStore(s.dir);
}
