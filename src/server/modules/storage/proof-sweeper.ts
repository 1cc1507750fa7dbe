import type { Db } from '../../db/index';
import type { ProofStore, StoredProof } from './proof-store';
import * as repo from './proof-sweeper.repo';

export interface SweepResult {
  scanned: number;
  removed: string[];
}

const USERS_PER_QUERY = 200;

/**
 * Removes proof files of known users that no deposit request nor identity verification references.
 * A deposit (an identity verification) writes its files before the row (so that a row never points to a missing file); a crash between the two
 * leaves the file behind. Files younger than `minAgeMs` are kept: their request may still be committing.
 */
export async function sweepOrphanProofs(deps: {
  db: Db;
  store: ProofStore;
  now: Date;
  minAgeMs: number;
}): Promise<SweepResult> {
  const cutoff = deps.now.getTime() - deps.minAgeMs;
  const oldByUser = new Map<string, StoredProof[]>();
  let scanned = 0;
  for await (const proof of deps.store.list()) {
    scanned += 1;
    if (proof.modifiedAt.getTime() > cutoff) continue;
    const userId = proof.path.slice(0, proof.path.indexOf('/'));
    const list = oldByUser.get(userId) ?? [];
    list.push(proof);
    oldByUser.set(userId, list);
  }
  const removed: string[] = [];
  const users = [...oldByUser.keys()];
  for (let i = 0; i < users.length; i += USERS_PER_QUERY) {
    const chunk = users.slice(i, i + USERS_PER_QUERY);
    const referenced = await repo.referencedProofs(deps.db, chunk);
    // Files of people this database does not know are left alone: a store shared with another
    // (or a wrongly configured, empty) database must never be emptied by us.
    const known = await repo.knownUsers(deps.db, chunk);
    for (const userId of chunk) {
      if (!known.has(userId)) continue;
      for (const proof of oldByUser.get(userId)!) {
        if (referenced.has(proof.path)) continue;
        await deps.store.delete(proof.path);
        removed.push(proof.path);
      }
    }
  }
  return { scanned, removed };
}

export const PROOF_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Sweeps shortly after start (what a crash left behind) and then every hour. No lease: a sweep is
 * safe on several instances at once (deleting twice is harmless). File times are wall-clock times,
 * so the age is measured against the system clock, never the movable test clock.
 */
export function startProofSweeper(
  deps: {
    db: Db;
    store: ProofStore;
    minAgeMs: number;
    log: { info(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
  },
  opts: { firstMs?: number; intervalMs?: number } = {},
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const sweep = () => {
    running ??= sweepOrphanProofs({ db: deps.db, store: deps.store, now: new Date(), minAgeMs: deps.minAgeMs })
      .then((r) => deps.log.info({ scanned: r.scanned, removed: r.removed.length }, 'proof sweep done'))
      .catch((err: unknown) => deps.log.error({ err }, 'proof sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    sweep();
    timer = setInterval(sweep, opts.intervalMs ?? PROOF_SWEEP_INTERVAL_MS);
    timer.unref();
  }, opts.firstMs ?? 500);
  first.unref();
  return {
    stop: async () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
