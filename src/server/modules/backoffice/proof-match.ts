import { toDecimalString } from '../../../core/money';
import type { ProofMatch } from '../../../contracts/backoffice';
import type { Db } from '../../db/index';
import { DHASH_CANDIDATE_DISTANCE, differingShare, fingerprintImage, hamming, MAX_DIFFERING_SHARE } from '../storage/fingerprint';
import type { ProofStore } from '../storage/proof-store';
import * as repo from './proof-match.repo';

/** At most this many dHash candidates get the (slower) second look. */
const SECOND_LOOKS = 3;

/**
 * Fingerprints a newly stored proof and records which earlier proofs (of any user) are the same
 * image, exactly (same decoded pixels) or nearly (close dHash, then the second look).
 */
export async function fingerprintProof(deps: { db: Db; store: ProofStore }, deposit: { id: string; user_id: string; created_at: string }, bytes: Buffer): Promise<void> {
  const fp = await fingerprintImage(bytes);
  const exact = new Set((await repo.samePixels(deps.db, fp.pixelSha256)).map((r) => r.deposit_id));
  exact.delete(deposit.id);
  const candidates = (await repo.allDhashes(deps.db))
    .filter((r) => r.deposit_id !== deposit.id && !exact.has(r.deposit_id))
    .map((r) => ({ id: r.deposit_id, distance: hamming(fp.dhash, r.dhash) }))
    .filter((c) => c.distance <= DHASH_CANDIDATE_DISTANCE)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, SECOND_LOOKS);
  const matches: Array<{ other: string; kind: 'exact' | 'near'; distance: number }> = [...exact].map((other) => ({ other, kind: 'exact' as const, distance: 0 }));
  for (const c of candidates) {
    const path = await repo.proofPathOf(deps.db, c.id);
    const other = path ? await deps.store.get(path) : null;
    if (other && (await differingShare(bytes, other)) <= MAX_DIFFERING_SHARE) matches.push({ other: c.id, kind: 'near', distance: c.distance });
  }
  await repo.saveFingerprint(deps.db, { deposit_id: deposit.id, user_id: deposit.user_id, pixel_sha256: fp.pixelSha256, dhash: fp.dhash, created_at: deposit.created_at }, matches);
}

/** The matches of each deposit on a queue page, keyed by deposit id. */
export async function proofMatches(db: Db, depositIds: string[]): Promise<Map<string, ProofMatch[]>> {
  const byDeposit = new Map<string, ProofMatch[]>();
  for (const r of await repo.matchesOf(db, depositIds)) {
    const list = byDeposit.get(r.deposit_id) ?? [];
    list.push({ depositId: r.other_deposit_id, kind: r.kind, distance: Number(r.distance), createdAt: r.created_at, amount: toDecimalString(Number(r.amount_cents)), user: { id: r.user_id, fullName: r.full_name, uid: r.uid } });
    byDeposit.set(r.deposit_id, list);
  }
  return byDeposit;
}
