import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3';
import { createProofStore, LocalProofStore, S3ProofStore, type ProofStore } from './proof-store';

const T = new Date('2026-11-21T10:00:00.000Z');

let s3: LocalS3;
let localDir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  localDir = mkdtempSync(path.join(tmpdir(), 'atlas-proofs-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(localDir, { recursive: true, force: true });
});

const stores: Array<[string, () => ProofStore]> = [
  ['local disk', () => new LocalProofStore(path.join(localDir, 'uploads'))],
  ['S3 (s3rver over HTTP)', () => new S3ProofStore(s3.settings)],
];

describe.each(stores)('ProofStore on %s', (_name, make) => {
  it('stores at <userId>/<timestamp>.<ext>, reads the same bytes back, deletes', async () => {
    const store = make();
    const bytes = Buffer.from([1, 2, 3, 250, 251]);
    const p = await store.put('user_A-1', bytes, 'png', T);
    expect(p).toBe(`user_A-1/${T.getTime()}.png`);
    expect(await store.get(p)).toEqual(bytes);
    await store.delete(p);
    expect(await store.get(p)).toBeNull();
  });

  it('never overwrites: two uploads in the same millisecond get two paths', async () => {
    const store = make();
    const a = await store.put('user-b', Buffer.from('a'), 'jpg', T);
    const b = await store.put('user-b', Buffer.from('b'), 'jpg', T);
    expect(a).not.toBe(b);
    expect(String(await store.get(a))).toBe('a');
    expect(String(await store.get(b))).toBe('b');
  });

  it('answers null for a missing proof', async () => {
    expect(await make().get('nobody/123.png')).toBeNull();
  });

  it.each([
    '../../etc/passwd',
    'user/../../secret.png',
    '/etc/passwd',
    'user/123.png/../../x.png',
    'user\\..\\123.png',
    'user/%2e%2e/123.png',
    'user/123.svg',
    'user/123.html',
    'user/abc.png',
    'a/b/123.png',
    '',
  ])('refuses the path %j', async (p) => {
    const store = make();
    expect(await store.get(p)).toBeNull();
    await expect(store.delete(p)).resolves.toBeUndefined();
  });

  it('refuses to build a path from a hostile user id', async () => {
    await expect(make().put('../evil', Buffer.from('x'), 'png', T)).rejects.toThrow(RangeError);
    await expect(make().put('a/b', Buffer.from('x'), 'png', T)).rejects.toThrow(RangeError);
  });
});

describe('LocalProofStore confinement', () => {
  it('cannot read a file outside its directory even if it exists', async () => {
    const root = path.join(localDir, 'confined');
    const store = new LocalProofStore(root);
    writeFileSync(path.join(localDir, 'outside.png'), 'secret');
    expect(await store.get('../outside.png')).toBeNull();
    await store.put('u1', Buffer.from('x'), 'png', T);
    expect(readdirSync(path.join(root, 'u1'))).toEqual([`${T.getTime()}.png`]);
  });
});

describe('createProofStore', () => {
  it('picks local disk by default and S3 when a bucket is configured', () => {
    expect(createProofStore({ storage: { kind: 'local', dir: localDir } })).toBeInstanceOf(LocalProofStore);
    expect(createProofStore({ storage: { kind: 's3', ...s3.settings } })).toBeInstanceOf(S3ProofStore);
  });
});
