import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildLiabilityTree, proofFor } from '../../../core/liabilities/build';
import { fromHex, roundNonce, toHex, type ProofFile, type PublishedRound } from '../../../core/liabilities/tree';
import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import type { AuditSource } from '../audit/audit.service';
import type { CurrentPrice } from '../market/market.service';
import { valueAtSnapshot, type RoundPrice } from './valuation';
import * as repo from './liabilities.repo';
import { nodeHashes } from './node-hashes';
import { roundHashes } from './round-hashes';
import { platformSigner } from './signing';
import { pageReader, pagesForPaths, treePages } from './tree-pages';

export const LIABILITIES_ASSET = 'USD';
const NONCE_BYTES = 32;
const ROUNDS_SHOWN = 120;

/**
 * What is signed and appended to the sealed trail, in this key order. Format 2 (decision 052):
 * `total` counts each investment at what stopping it would credit at `btcPrice` (cents per BTC,
 * null when no counted investment depended on a price), the price the provider gave at
 * `btcPriceAt`; `ledgerTotal` is the journal's book sum the round was reconciled with.
 */
export interface RoundStatement {
  format: 'atlas-liabilities-round/2';
  round: number;
  asset: string;
  snapshotAt: string;
  watermark: string;
  height: number;
  root: string;
  total: number;
  ledgerTotal: number;
  btcPrice: number | null;
  btcPriceAt: string | null;
}

export interface PublishedRoundView extends PublishedRound {
  snapshotAt: string;
  watermark: string;
  /** From the signed statement; null for rounds of format 1 (book values) or with no price needed. */
  btcPrice: number | null;
  btcPriceAt: string | null;
  statement: string;
  signature: string;
  publicKey: string;
}

export type ProofAnswer =
  | { kind: 'proof'; proof: ProofFile }
  | { kind: 'nothing_owed'; statement: string; signature: string; publicKey: string };

/** The price a round's signed statement names (format 2), or none. */
function statedPrice(statement: string): RoundPrice | null {
  try {
    const s = JSON.parse(statement) as Partial<RoundStatement>;
    return typeof s.btcPrice === 'number' && typeof s.btcPriceAt === 'string'
      ? { cents: s.btcPrice, at: s.btcPriceAt }
      : null;
  } catch {
    return null;
  }
}

function view(row: Awaited<ReturnType<typeof repo.round>> & object): PublishedRoundView {
  const price = statedPrice(row.statement);
  return {
    round: Number(row.no),
    asset: row.asset,
    height: Number(row.height),
    root: row.root,
    total: Number(row.total_cents),
    snapshotAt: row.snapshot_at,
    watermark: row.watermark,
    btcPrice: price?.cents ?? null,
    btcPriceAt: price?.at ?? null,
    statement: row.statement,
    signature: row.signature,
    publicKey: row.public_key,
  };
}

/** A stored account nonce (hex, written by this module) as bytes. */
function nonceBytes(hex: string): Uint8Array {
  const bytes = Buffer.from(hex, 'hex');
  if (bytes.length !== NONCE_BYTES) throw new Error('malformed account nonce');
  return bytes;
}

/** Milliseconds spent in each phase of a round, in order (the CLI prints them; the bench times them). */
function phaseTimer() {
  const phases: Record<string, number> = {};
  let last = performance.now();
  return {
    end(name: string) {
      const now = performance.now();
      phases[name] = Math.round(now - last);
      last = now;
    },
    done: () => phases,
  };
}

/** Where a round's BTC price comes from (the price service); it may fail in any way. */
export interface RoundPrices {
  current(): Promise<CurrentPrice | null>;
}

async function safeCurrent(prices: RoundPrices): Promise<CurrentPrice | null> {
  try {
    return await prices.current();
  } catch {
    return null;
  }
}

export function createLiabilitiesService(ctx: AppContext, prices: RoundPrices) {
  const signer = platformSigner(ctx.config.authSecret);
  const { db } = ctx;

  /** Fresh secret account nonces, from one draw of random bytes (a first round makes a million). */
  const newNonces = (userIds: readonly string[]): Array<Database['liability_nonce']> => {
    const random = randomBytes(NONCE_BYTES * userIds.length);
    const created_at = ctx.clock.now().toISOString();
    return userIds.map((user_id, i) => ({
      user_id,
      nonce: random.toString('hex', NONCE_BYTES * i, NONCE_BYTES * (i + 1)),
      created_at,
    }));
  };

  /** Every investor's account nonce, made for those who have none yet; a nonce another instance wrote first is kept. */
  async function noncesFor(userIds: readonly string[]): Promise<Map<string, string>> {
    const nonces = await repo.noncesOf(db);
    // In key order: the table's index grows at its end instead of being written all over.
    const made = newNonces(userIds.filter((id) => !nonces.has(id)).sort());
    const written = new Set(await repo.insertNonces(db, ctx.dialect, made));
    for (const row of made)
      nonces.set(row.user_id, written.has(row.user_id) ? row.nonce : (await repo.nonceOf(db, row.user_id))!);
    return nonces;
  }

  /** The investor's secret account nonce, made on first need (a concurrent first write wins). */
  async function accountNonce(userId: string): Promise<string> {
    const known = await repo.nonceOf(db, userId);
    if (known) return known;
    await repo.insertNonces(db, ctx.dialect, newNonces([userId]));
    return (await repo.nonceOf(db, userId))!;
  }

  return {
    publicKey: signer.publicKey,
    fingerprint: signer.fingerprint,

    /**
     * Takes a consistent snapshot of what every investor is owed, builds the tree, and publishes
     * the signed round with its line in the sealed trail, or refuses when the total is not the
     * journal's to the cent. `seed` is for tests and audits that rebuild a round.
     */
    async runRound(by: { actorId: string; source: AuditSource }, seed: Uint8Array = randomBytes(32)) {
      const phases = phaseTimer();
      // Asked before the snapshot: no wait on the provider while the read transaction is open.
      const price = await safeCurrent(prices);
      const snapshotAt = ctx.clock.now().toISOString();
      const snapshot = await repo.snapshotLiabilities(db, ctx.dialect);
      phases.end('snapshot');
      const bookTotal = snapshot.owed.reduce((sum, o) => sum + o.cents, 0);
      if (bookTotal !== snapshot.journalTotal)
        throw new DomainError('liabilities_total_mismatch', { balances: bookTotal, journal: snapshot.journalTotal });
      const valued = valueAtSnapshot(snapshot, price);
      const nonces = await noncesFor([...valued.owed.keys()]);
      phases.end('nonces');
      const no = (await repo.lastRoundNo(db)) + 1;
      const tree = buildLiabilityTree(
        roundHashes,
        [...valued.owed].map(([userId, cents]) => ({
          key: userId,
          accountNonce: nonceBytes(nonces.get(userId)!),
          balance: cents,
        })),
        { round: no, asset: LIABILITIES_ASSET, seed, minHeight: ctx.config.liabilities.minHeight },
      );
      phases.end('tree');
      if (tree.published.total !== snapshot.journalTotal + valued.revaluation)
        throw new DomainError('liabilities_total_mismatch', {
          balances: tree.published.total,
          journal: snapshot.journalTotal + valued.revaluation,
        });
      const statement: RoundStatement = {
        format: 'atlas-liabilities-round/2',
        round: no,
        asset: LIABILITIES_ASSET,
        snapshotAt,
        watermark: snapshot.watermark,
        height: tree.published.height,
        root: tree.published.root,
        total: tree.published.total,
        ledgerTotal: snapshot.journalTotal,
        btcPrice: valued.price?.cents ?? null,
        btcPriceAt: valued.price?.at ?? null,
      };
      const text = JSON.stringify(statement);
      const signature = signer.sign(text);
      const now = ctx.clock.now();
      await repo.insertRound(
        db,
        ctx.dialect,
        {
          no,
          asset: LIABILITIES_ASSET,
          snapshot_at: snapshotAt,
          watermark: snapshot.watermark,
          height: tree.published.height,
          root: tree.published.root,
          total_cents: tree.published.total,
          seed: Buffer.from(seed).toString('hex'),
          statement: text,
          signature,
          public_key: signer.publicKey,
          created_at: now.toISOString(),
        },
        [...tree.positions].map(([user_id, positions]) => ({
          round_no: no,
          user_id,
          positions: positions.join(','),
          balance_cents: valued.owed.get(user_id)!,
        })),
        treePages(tree.levels).map((p) => ({ round_no: no, ...p })),
        {
          actorId: by.actorId,
          action: 'liabilities.publish',
          target: { type: 'liability_round', id: String(no) },
          source: by.source,
          after: { statement: text, signature, publicKey: signer.publicKey },
        },
        now,
      );
      phases.end('store');
      return {
        ...statement,
        investors: tree.positions.size,
        signature,
        publicKey: signer.publicKey,
        fingerprint: signer.fingerprint,
        phases: phases.done(),
      };
    },

    async rounds(): Promise<PublishedRoundView[]> {
      return (await repo.rounds(db, ROUNDS_SHOWN)).map(view);
    },

    /** Whether any investor is owed a cent now (a first round waits for one). */
    anythingOwed: () => repo.anythingOwed(db),

    async lastSnapshotAt(): Promise<string | null> {
      return (await repo.rounds(db, 1))[0]?.snapshot_at ?? null;
    },

    /** Only the caller's own chunks and paths; an investor owed nothing gets a signed statement saying so. */
    async proofOf(userId: string, roundNo: number): Promise<ProofAnswer> {
      const row = await repo.round(db, roundNo);
      if (!row) throw new DomainError('liability_round_not_found', { round: roundNo });
      const published = view(row);
      const mine = await repo.member(db, roundNo, userId);
      if (!mine) {
        const nothing = JSON.stringify({
          format: 'atlas-nothing-owed/1',
          round: published.round,
          root: published.root,
          // Names the account without revealing its nonce: only its holder can recompute it.
          account: toHex(nodeHashes.sha256(roundNonce(nodeHashes, fromHex(await accountNonce(userId), 32)!, roundNo))),
          owed: 0,
        });
        return {
          kind: 'nothing_owed',
          statement: nothing,
          signature: signer.sign(nothing),
          publicKey: signer.publicKey,
        };
      }
      const positions = mine.positions.split(',').map(Number);
      const pages = await repo.nodePages(db, roundNo, pagesForPaths(positions, published.height));
      return { kind: 'proof', proof: proofFor(published, positions, pageReader(pages)) };
    },

    accountNonce,

    /** For a test or an audit: the tree rebuilt from a snapshot and the round's own seed. */
    async seedOf(roundNo: number): Promise<Uint8Array | undefined> {
      const row = await repo.roundSeed(db, roundNo);
      return row ? fromHex(row.seed, 32)! : undefined;
    },
  };
}

export type LiabilitiesService = ReturnType<typeof createLiabilitiesService>;
