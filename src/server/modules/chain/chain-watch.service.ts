import type { ChainCoin } from '../../../core/chain/account-key';
import { decodeBlock, decodeTransaction, RawError } from '../../../core/chain/raw';
import { WatchedSet, type Match } from '../../../core/chain/watched';
import type { ChainCoinConfig } from '../../config';
import type { AppContext } from '../../context';
import type { Queryable } from '../ledger/ledger.repo';
import { createEsplora, ProviderError, type Esplora } from './esplora';
import * as repo from './chain.repo';

/** Blocks kept per coin: a reorganisation deeper than this is refused (decision 055). */
export const REORG_DEPTH = 100;
/** Blocks read per coin and pass, so that a long catch-up shares the lease's time fairly. */
const BLOCKS_PER_PASS = 50;
/** Payouts whose confirmations are asked per coin and pass (decision 057). */
const PAYOUTS_PER_PASS = 20;
/** The longest pause after failures, whatever their number. */
const MAX_BACKOFF_MS = 10 * 60_000;

export interface ChainWatchEvents {
  block(coin: ChainCoin): void;
  payment(coin: ChainCoin, state: 'seen' | 'in_block'): void;
  /** Content a provider served that is not what it claimed (a lie, or corruption). */
  refused(coin: ChainCoin, why: string): void;
  providerError(coin: ChainCoin, why: string): void;
  reorg(coin: ChainCoin, depth: number): void;
  hold(coin: ChainCoin): void;
  height(coin: ChainCoin, height: number): void;
  /** Something of this person's payments changed (seen, in a block, a confirmation, out of the chain). */
  changed(userId: string): void;
}

type Log = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

/** The chain moved while a pass read it: stop, the next pass starts from the database again. */
class Moved extends Error {}

interface CoinState {
  coin: ChainCoin;
  config: ChainCoinConfig;
  provider: Esplora;
  second?: Esplora;
  watched: WatchedSet;
  /** Every index below it is in `watched`. */
  loadedBelow: number;
  /** Mempool transactions already read, as of the last list. */
  mempoolRead: Set<string>;
  failures: number;
  pausedUntil: number;
}

/**
 * Follows each configured coin's best chain through its Esplora-compatible provider (decision 055):
 * reads every new block whole, verifies it (header hash, Merkle root over recomputed ids), matches
 * every output against the investors' own addresses, records the payments and counts their
 * confirmations; undoes what a block that left the best chain carried; reads new mempool
 * transactions for "seen". The database is the cursor: a pass that fails anywhere is started again
 * from it, and its unique keys record each payment once.
 */
export function createChainWatch(
  { config, db, clock }: Pick<AppContext, 'config' | 'db' | 'clock'>,
  log: Log,
  events: Partial<ChainWatchEvents> = {},
  providers: { make?: (url: string) => Esplora } = {},
) {
  const make = providers.make ?? ((url: string) => createEsplora(url, config.chain.timeoutMs));
  const coins: CoinState[] = [];
  for (const coin of ['BTC', 'LTC'] as const) {
    const c = config.chain.coins[coin];
    if (!c) continue;
    coins.push({
      coin,
      config: c,
      provider: make(c.url),
      second: c.secondUrl ? make(c.secondUrl) : undefined,
      watched: new WatchedSet(coin),
      loadedBelow: 0,
      mempoolRead: new Set(),
      failures: 0,
      pausedUntil: 0,
    });
  }

  async function loadAddresses(s: CoinState): Promise<void> {
    const rows = await repo.addressesFrom(db, s.coin, s.loadedBelow);
    let next = s.loadedBelow;
    for (const r of rows) {
      const index = Number(r.derivation_index);
      if (!s.watched.add(r.address, index)) log.error({ coin: s.coin, index }, 'chain watch: an address is not P2WPKH');
      // An index still being written leaves a gap: the rows above it are read again next pass.
      if (index === next) next++;
    }
    s.loadedBelow = next;
  }

  async function resolve(s: CoinState, matches: Match[]) {
    const owners = await repo.ownersOf(db, s.coin, [...new Set(matches.map((m) => m.index))]);
    const byIndex = new Map(owners.map((o) => [Number(o.derivation_index), o]));
    return matches.flatMap((m) => {
      const owner = byIndex.get(m.index);
      return owner ? [{ ...m, userId: owner.user_id, address: owner.address }] : [];
    });
  }

  function refuse(s: CoinState, err: RawError, what: string): never {
    events.refused?.(s.coin, err.message);
    log.error({ coin: s.coin, provider: s.provider.url, what, reason: err.message }, 'chain watch: content refused');
    throw new Moved(`refused ${what}`);
  }

  /** Undoes the blocks above `fork`: their payments no longer count; a credited one raises a hold. */
  async function disconnect(s: CoinState, fork: number, depth: number): Promise<void> {
    const now = clock.now().toISOString();
    const changedUsers = new Set<string>();
    await db.transaction().execute(async (trx) => {
      const gone = await repo.paymentsAbove(trx, s.coin, fork);
      for (const p of gone) {
        changedUsers.add(p.user_id);
        if (p.credited_at === null) continue;
        await repo.insertHold(trx, {
          coin: s.coin,
          txid: p.txid,
          vout: p.vout,
          user_id: p.user_id,
          block_hash: p.block_hash!,
          raised_at: now,
          released_at: null,
          released_by: null,
        });
        events.hold?.(s.coin);
        log.error(
          { coin: s.coin, txid: p.txid, vout: p.vout, userId: p.user_id },
          'chain watch: a credited payment left the best chain; the person’s withdrawals are held',
        );
      }
      await repo.orphanAbove(trx, s.coin, fork, now);
    });
    for (const userId of changedUsers) events.changed?.(userId);
    events.reorg?.(s.coin, depth);
    log.warn?.({ coin: s.coin, fork, depth }, 'chain watch: reorganisation');
  }

  /** Where the best chain and the blocks read agree: the height to read on from. */
  async function findFork(s: CoinState, tip: number): Promise<{ height: number; hash: string } | null> {
    const kept = await repo.recentBlocks(db, s.coin, REORG_DEPTH);
    if (kept.length === 0) return null;
    // A provider behind the blocks read (a lagging backend) is waited for: only a different block
    // at a height both know is a reorganisation.
    const atTip = kept[0]!.height > tip ? kept.find((b) => b.height === tip) : undefined;
    if (atTip && (await s.provider.hashAt(tip)) === atTip.hash) throw new Moved(`provider behind, at ${tip}`);
    for (const b of kept) {
      if (b.height > tip) continue;
      if ((await s.provider.hashAt(b.height)) === b.hash) {
        if (b.height < kept[0]!.height) await disconnect(s, b.height, kept[0]!.height - b.height);
        return { height: b.height, hash: b.hash };
      }
    }
    throw new Error(
      `${s.coin}: the best chain shares none of the last ${kept.length} blocks read (a reorganisation deeper than ${REORG_DEPTH}, or another chain): an operator must look`,
    );
  }

  async function readBlock(s: CoinState, height: number, previous: string | null): Promise<string> {
    const hash = await s.provider.hashAt(height);
    const raw = await s.provider.rawBlock(hash);
    let block;
    try {
      block = decodeBlock(raw, s.coin, hash);
    } catch (err) {
      if (err instanceof RawError) refuse(s, err, `block ${height} ${hash}`);
      throw err;
    }
    if (previous !== null && block.previousHash !== previous) throw new Moved(`block ${height} moved`);
    const found = await resolve(s, s.watched.match(block.bytes, block.transactions));
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.insertBlock(
        trx,
        { coin: s.coin, height, hash, previous_hash: block.previousHash, processed_at: now },
        REORG_DEPTH,
      );
      for (const m of found) await repo.recordInBlock(trx, row(s.coin, m, now, { hash, height }));
    });
    events.block?.(s.coin);
    for (const m of found) {
      events.payment?.(s.coin, 'in_block');
      events.changed?.(m.userId);
    }
    return hash;
  }

  function row(
    coin: ChainCoin,
    m: Match & { userId: string; address: string },
    now: string,
    block: { hash: string; height: number } | null,
  ): repo.ChainPaymentRow {
    return {
      coin,
      txid: m.txid,
      vout: m.vout,
      user_id: m.userId,
      address: m.address,
      amount: m.value,
      state: block ? 'in_block' : 'seen',
      block_hash: block?.hash ?? null,
      block_height: block?.height ?? null,
      confirmations: block ? 1 : 0,
      first_seen_at: now,
      confirmed_at: null,
      orphaned_at: null,
      credited_at: null,
      updated_at: now,
    };
  }

  /** Whether the second provider, when there is one, has the block at that height and enough above it. */
  async function agreed(s: CoinState, height: number, hash: string, cache: Map<string, boolean>): Promise<boolean> {
    if (!s.second) return true;
    const key = `${height}:${hash}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let ok = false;
    try {
      const tip = await s.second.tipHeight();
      ok = tip - height + 1 >= s.config.confirmations && (await s.second.hashAt(height)) === hash;
    } catch (err) {
      events.providerError?.(s.coin, err instanceof Error ? err.message : String(err));
      log.error({ coin: s.coin, provider: s.second.url, err }, 'chain watch: second provider unavailable');
    }
    cache.set(key, ok);
    return ok;
  }

  async function countConfirmations(s: CoinState, tip: number): Promise<void> {
    const now = clock.now().toISOString();
    const cache = new Map<string, boolean>();
    for (const p of await repo.paymentsInPlay(db, s.coin, tip - REORG_DEPTH)) {
      const confirmations = tip - Number(p.block_height) + 1;
      let state = p.state;
      if (
        state === 'in_block' &&
        confirmations >= s.config.confirmations &&
        (await agreed(s, Number(p.block_height), p.block_hash!, cache))
      )
        state = 'confirmed';
      if (confirmations === p.confirmations && state === p.state) continue;
      await repo.setConfirmations(db, p, {
        confirmations,
        state,
        ...(state === 'confirmed' && p.state !== 'confirmed' ? { confirmed_at: now } : {}),
        updated_at: now,
      });
      events.changed?.(p.user_id);
    }
  }

  async function readMempool(s: CoinState): Promise<void> {
    const max = config.chain.mempoolMaxTxs;
    if (max === 0) return;
    const listed = await s.provider.mempoolTxids();
    const read = new Set<string>();
    let fetched = 0;
    const now = clock.now().toISOString();
    for (const txid of listed) {
      if (s.mempoolRead.has(txid)) {
        read.add(txid);
        continue;
      }
      if (fetched >= max) continue;
      fetched++;
      const raw = await s.provider.rawTransaction(txid);
      let tx;
      try {
        tx = decodeTransaction(raw, s.coin, txid);
      } catch (err) {
        if (!(err instanceof RawError)) throw err;
        // Not recorded, not marked read: a later pass asks again (maybe another provider by then).
        events.refused?.(s.coin, err.message);
        log.error(
          { coin: s.coin, provider: s.provider.url, txid, reason: err.message },
          'chain watch: content refused',
        );
        continue;
      }
      const found = await resolve(s, s.watched.match(raw, [tx]));
      for (const m of found)
        if (await repo.recordSeen(db, row(s.coin, m, now, null))) {
          events.payment?.(s.coin, 'seen');
          events.changed?.(m.userId);
        }
      read.add(txid);
    }
    s.mempoolRead = read;
  }

  /**
   * The confirmations of verified payouts (decision 057) until the coin's threshold: where the
   * provider says the transaction is, checked against the hash of the best chain at that height.
   */
  async function followPayouts(s: CoinState, tip: number): Promise<void> {
    const now = clock.now().toISOString();
    for (const p of await repo.payoutsToFollow(db, s.coin, s.config.confirmations, PAYOUTS_PER_PASS)) {
      // Written even when unchanged: the time moves it behind the others, so a stuck one blocks none.
      await repo.setPayoutConfirmations(db, p.id, await confirmationsOf(s.provider, p.payout_txid!, tip), now);
    }
  }

  async function follow(s: CoinState): Promise<void> {
    await loadAddresses(s);
    const tip = await s.provider.tipHeight();
    const fork = await findFork(s, tip);
    let height: number;
    let previous: string | null;
    if (fork) {
      height = fork.height + 1;
      previous = fork.hash;
    } else {
      height = Math.min(s.config.startHeight ?? tip, tip);
      previous = null;
    }
    const last = Math.min(tip, height + BLOCKS_PER_PASS - 1);
    for (; height <= last; height++) previous = await readBlock(s, height, previous);
    const done = height - 1;
    events.height?.(s.coin, done);
    await countConfirmations(s, done);
    await followPayouts(s, tip);
    await readMempool(s);
  }

  async function passOf(s: CoinState): Promise<void> {
    const now = clock.now().getTime();
    if (now < s.pausedUntil) return;
    try {
      await follow(s);
      s.failures = 0;
      s.pausedUntil = 0;
    } catch (err) {
      if (err instanceof Moved) return;
      s.failures++;
      const pause = Math.min(MAX_BACKOFF_MS, config.chain.intervalS * 1000 * 2 ** (s.failures - 1));
      s.pausedUntil = now + pause;
      if (err instanceof ProviderError) {
        events.providerError?.(s.coin, err.message);
        log.error({ coin: s.coin, reason: err.message, retryInMs: pause }, 'chain watch: provider unavailable');
      } else log.error({ coin: s.coin, err, retryInMs: pause }, 'chain watch: pass failed');
    }
  }

  return {
    coins: (): ChainCoin[] => coins.map((s) => s.coin),
    /** One pass over every coin; a coin's failure never stops another's. */
    async run(): Promise<void> {
      for (const s of coins) await passOf(s);
    },
    /** For the bench and tests: the watched set of a coin. */
    watchedSize: (coin: ChainCoin) => coins.find((s) => s.coin === coin)?.watched.size ?? 0,
  };
}

export type ChainWatch = ReturnType<typeof createChainWatch>;

/**
 * A transaction's confirmations at `tip`: 0 in the mempool or when the block the provider names is
 * not the best chain's block at that height (decision 057).
 */
export async function confirmationsOf(provider: Esplora, txid: string, tip: number): Promise<number> {
  const block = await provider.txBlock(txid);
  if (!block || block.height > tip) return 0;
  if ((await provider.hashAt(block.height)) !== block.hash) return 0;
  return tip - block.height + 1;
}

/** A person's payments as the watcher recorded them, newest first. */
export async function paymentsOf(db: Queryable, userId: string, limit = 20) {
  return repo.paymentsOf(db, userId, limit);
}
