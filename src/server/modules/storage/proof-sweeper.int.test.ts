import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBareUser } from '../../../../tests/support/money';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { startLocalS3, type LocalS3 } from '../../../../tests/support/s3';
import { testDialect } from '../../../../tests/support/db';
import { LocalProofStore, S3ProofStore, type ProofStore } from './proof-store';
import { startProofSweeper, sweepOrphanProofs } from './proof-sweeper';

const MINUTE = 60_000;
let t: TestApp;
let s3: LocalS3;

beforeAll(async () => {
  t = await createTestApp();
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.close();
  await t.close();
});

async function depositRow(userId: string, proofPath: string | null) {
  await t.ctx.db
    .insertInto('deposit_request')
    .values({
      id: randomUUID(),
      user_id: userId,
      amount_cents: 1000,
      status: 'pending',
      proof_path: proofPath,
      idempotency_key: null,
      created_at: new Date().toISOString(),
      processed_at: null,
      processed_by: null,
      admin_notes: null,
      tx_id: null,
    })
    .execute();
}

async function paths(store: ProofStore): Promise<string[]> {
  const out: string[] = [];
  for await (const p of store.list()) out.push(p.path);
  return out.sort();
}

const stores: Array<[string, () => ProofStore]> = [
  ['local disk', () => new LocalProofStore(path.join(t.ctx.config.dataDir, `uploads-${randomUUID()}`))],
  ['S3 (s3rver)', () => new S3ProofStore(s3.settings)],
];

describe.each(stores)(`orphan proof sweep on %s (${testDialect})`, (_name, make) => {
  it('removes old unreferenced proofs, keeps referenced ones and recent ones', async () => {
    const store = make();
    const alice = await insertBareUser(t.ctx);
    const bob = await insertBareUser(t.ctx);
    const lone = await insertBareUser(t.ctx);
    const T = new Date('2026-03-01T10:00:00.000Z');
    const kept = await store.put(alice.id, Buffer.from('a'), 'png', T);
    const orphan = await store.put(alice.id, Buffer.from('b'), 'png', T);
    const otherKept = await store.put(bob.id, Buffer.from('c'), 'jpg', T);
    const loneOrphan = await store.put(lone.id, Buffer.from('d'), 'webp', T);
    await depositRow(alice.id, kept);
    await depositRow(bob.id, otherKept);
    await depositRow(bob.id, null);
    const before = await paths(store);

    // Just written: younger than the minimum age, nothing goes even though two are orphans.
    const young = await sweepOrphanProofs({ db: t.ctx.db, store, now: new Date(), minAgeMs: 15 * MINUTE });
    expect(young.removed).toEqual([]);
    expect(await paths(store)).toEqual(before);

    const later = await sweepOrphanProofs({
      db: t.ctx.db,
      store,
      now: new Date(Date.now() + 16 * MINUTE),
      minAgeMs: 15 * MINUTE,
    });
    expect(later.removed.sort()).toEqual([orphan, loneOrphan].sort());
    expect(later.scanned).toBe(before.length);
    const after = await paths(store);
    expect(after).toContain(kept);
    expect(after).toContain(otherKept);
    expect(after).not.toContain(orphan);
    expect(after).not.toContain(loneOrphan);
    expect(String(await store.get(kept))).toBe('a');

    // A second sweep finds nothing more to do.
    expect(
      (await sweepOrphanProofs({ db: t.ctx.db, store, now: new Date(Date.now() + 16 * MINUTE), minAgeMs: 15 * MINUTE }))
        .removed,
    ).toEqual([]);
  });
});

describe(`orphan proof sweep (${testDialect})`, () => {
  it('keeps the files of people this database does not know (a store shared with, or meant for, another database)', async () => {
    const store = new LocalProofStore(path.join(t.ctx.config.dataDir, 'uploads-stranger'));
    const stranger = await store.put(randomUUID(), Buffer.from('x'), 'png', new Date());
    const result = await sweepOrphanProofs({
      db: t.ctx.db,
      store,
      now: new Date(Date.now() + 60 * MINUTE),
      minAgeMs: 0,
    });
    expect(result).toEqual({ scanned: 1, removed: [] });
    expect(String(await store.get(stranger))).toBe('x');
  });

  it('never touches files that are not of our proof shape', async () => {
    const root = path.join(t.ctx.config.dataDir, 'uploads-foreign');
    mkdirSync(path.join(root, 'someone'), { recursive: true });
    writeFileSync(path.join(root, 'README.txt'), 'x');
    writeFileSync(path.join(root, 'someone', '123.png.tmp'), 'x');
    writeFileSync(path.join(root, 'someone', 'notes.png'), 'x');
    const store = new LocalProofStore(root);
    const result = await sweepOrphanProofs({
      db: t.ctx.db,
      store,
      now: new Date(Date.now() + 60 * MINUTE),
      minAgeMs: 0,
    });
    expect(result).toEqual({ scanned: 0, removed: [] });
    expect(existsSync(path.join(root, 'someone', '123.png.tmp'))).toBe(true);
  });

  it('runs once shortly after start and logs what it did', async () => {
    const store = new LocalProofStore(path.join(t.ctx.config.dataDir, 'uploads-job'));
    const user = await insertBareUser(t.ctx);
    const orphan = await store.put(user.id, Buffer.from('x'), 'png', new Date());
    const logs: unknown[] = [];
    const job = startProofSweeper(
      {
        db: t.ctx.db,
        store,
        minAgeMs: 0,
        log: { info: (obj) => logs.push(obj), error: (obj) => logs.push({ error: obj }) },
      },
      { firstMs: 10 },
    );
    try {
      await expect.poll(() => logs.length, { timeout: 5000 }).toBe(1);
      expect(logs[0]).toEqual({ scanned: 1, removed: 1 });
      expect(await store.get(orphan)).toBeNull();
    } finally {
      await job.stop();
    }
  });
});
