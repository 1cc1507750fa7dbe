import { toDecimalString } from '../../../core/money';
import type { ProofMatch } from '../../../contracts/backoffice';
import type { Db } from '../../db/index';
import {
  DHASH_CANDIDATE_DISTANCE,
  differingShare,
  fingerprintImage,
  hamming,
  MAX_DIFFERING_SHARE,
} from '../storage/fingerprint';
import type { ProofStore } from '../storage/proof-store';
import * as repo from './proof-match.repo';

/** At most this many distinct candidate images get the (slower) second look. */
const SECOND_LOOKS = 24;
/**
 * Matches kept per new proof, and shown per card: enough to name the original and a few re-uses;
 * an image sent a thousand times (a load test) must not write a million rows.
 */
export const MAX_MATCHES = 10;

/** An earlier image found to be the same as a new one: exactly (same decoded pixels) or nearly. */
export interface ImageMatch {
  other: string;
  kind: 'exact' | 'near';
  distance: number;
}

/**
 * Where earlier images are looked up, by an id of the caller's choosing (a deposit's id, an identity
 * file's path); it lists only the images a new one may be compared with.
 */
export interface ImageIndex {
  /** Images with exactly these pixels, earliest first, at most `limit`. */
  samePixels(pixelSha256: string, limit: number): Promise<string[]>;
  /** Every comparable image's dHash (16 hex digits) and pixel hash: compared in memory (decision 019). */
  dhashes(): Promise<Array<{ id: string; dhash: string; pixel_sha256: string }>>;
  /** The stored bytes of an image, for the second look. */
  bytesOf(id: string): Promise<Buffer | null>;
}

/**
 * The earlier images that a new one is: exactly (same pixels) or nearly (close dHash, then the
 * second look on the decoded pixels), at most MAX_MATCHES. Deposit proofs and identity files share it.
 */
export async function sameImages(
  index: ImageIndex,
  self: string,
  bytes: Buffer,
  fp: { pixelSha256: string; dhash: string },
): Promise<ImageMatch[]> {
  const exact = new Set(await index.samePixels(fp.pixelSha256, MAX_MATCHES + 1));
  exact.delete(self);
  // Candidates are distinct images (files with the same pixels are one), nearest dHash first.
  const images = new Map<string, { ids: string[]; distance: number }>();
  for (const r of await index.dhashes()) {
    if (r.id === self || exact.has(r.id)) continue;
    const image = images.get(r.pixel_sha256) ?? { ids: [], distance: hamming(fp.dhash, r.dhash) };
    image.ids.push(r.id);
    images.set(r.pixel_sha256, image);
  }
  const candidates = [...images.values()]
    .filter((c) => c.distance <= DHASH_CANDIDATE_DISTANCE)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, SECOND_LOOKS);
  const matches: ImageMatch[] = [...exact]
    .slice(0, MAX_MATCHES)
    .map((other) => ({ other, kind: 'exact' as const, distance: 0 }));
  for (const c of candidates) {
    if (matches.length >= MAX_MATCHES) break;
    const other = await index.bytesOf(c.ids[0]!);
    if (other && (await differingShare(bytes, other)) <= MAX_DIFFERING_SHARE)
      for (const id of c.ids.slice(0, MAX_MATCHES)) matches.push({ other: id, kind: 'near', distance: c.distance });
  }
  return matches.slice(0, MAX_MATCHES);
}

/**
 * Fingerprints a newly stored proof and records which earlier proofs (of any user) are the same
 * image, exactly (same decoded pixels) or nearly (close dHash, then the second look).
 */
export async function fingerprintProof(
  deps: { db: Db; store: ProofStore },
  deposit: { id: string; user_id: string; created_at: string },
  bytes: Buffer,
): Promise<void> {
  const fp = await fingerprintImage(bytes);
  const index: ImageIndex = {
    samePixels: async (sha, limit) => (await repo.samePixels(deps.db, sha, limit)).map((r) => r.deposit_id),
    dhashes: async () => (await repo.allDhashes(deps.db)).map((r) => ({ ...r, id: r.deposit_id })),
    bytesOf: async (id) => {
      const path = await repo.proofPathOf(deps.db, id);
      return path ? deps.store.get(path) : null;
    },
  };
  await repo.saveFingerprint(
    deps.db,
    {
      deposit_id: deposit.id,
      user_id: deposit.user_id,
      pixel_sha256: fp.pixelSha256,
      dhash: fp.dhash,
      created_at: deposit.created_at,
    },
    await sameImages(index, deposit.id, bytes, fp),
  );
}

/** The matches of each deposit on a queue page, keyed by deposit id. */
export async function proofMatches(db: Db, depositIds: string[]): Promise<Map<string, ProofMatch[]>> {
  const byDeposit = new Map<string, ProofMatch[]>();
  for (const r of await repo.matchesOf(db, depositIds)) {
    const list = byDeposit.get(r.deposit_id) ?? [];
    if (list.length >= MAX_MATCHES) continue;
    list.push({
      depositId: r.other_deposit_id,
      kind: r.kind,
      distance: Number(r.distance),
      createdAt: r.created_at,
      amount: toDecimalString(Number(r.amount_cents)),
      user: { id: r.user_id, fullName: r.full_name, uid: r.uid },
    });
    byDeposit.set(r.deposit_id, list);
  }
  return byDeposit;
}
