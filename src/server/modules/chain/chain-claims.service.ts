import { formatCoinAmount } from '../../../core/coins';
import { DomainError } from '../../../core/errors';
import { payoutTxidOf } from '../../../core/payout';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Notifier } from '../notifier';
import type { ChainCredit } from './chain-credit.service';
import type { ChainSenders } from './chain-senders.service';
import * as repo from './chain.repo';
import { ProviderError } from './esplora';
import { createSolanaRpc, SolMismatch, type SolanaRpc } from './solana';
import { createTronGrid, TronMismatch, type TronGrid } from './tron';

/** The coins paid to the platform's one address and claimed by transaction id (decision 060). */
export const claimCoins = ['USDT_TRC20', 'SOL'] as const;
export type ClaimCoin = (typeof claimCoins)[number];

type Log = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

/** A final transaction: its block (or slot) and time, who sent it, its transfers [index, units] to the platform. */
type Final = { height: number; sentAt: number; senders: string[]; transfers: Array<[number, bigint]> };

export interface ChainClaimResult {
  coin: ClaimCoin;
  txid: string;
  /** What the transaction paid the platform's address, in coins. */
  amount: string;
}

/**
 * A person claims a transaction they sent to the platform's one address (decision 060). The id's
 * shape is checked, then the chain through the coin's provider (the destination, the amount, that
 * it succeeded and is final; content that does not hold together is refused). Each transfer it
 * carries becomes a `confirmed` chain payment of that person, inserted in one transaction: the
 * primary key (coin, txid, index) is what lets a transfer be claimed once, by anyone. The payment
 * then gets its outcome at once through the chain credit (a deposit with its evidence, credited by
 * the policy or left to the operators; a refund below the minimum or when closing). Whatever is
 * refused writes nothing.
 */
export function createChainClaims(
  { config, db, clock }: Pick<AppContext, 'config' | 'db' | 'clock'>,
  deps: {
    credit: Pick<ChainCredit, 'payment'>;
    notifier: Pick<Notifier, 'requestChanged'>;
    senders: Pick<ChainSenders, 'sentBy'>;
  },
  log: Log,
  providers: { tron?: TronGrid; solana?: SolanaRpc } = {},
) {
  const claims = config.chain.claims ?? { timeoutMs: 0 };
  const tron = claims.USDT_TRC20
    ? (providers.tron ?? createTronGrid(claims.USDT_TRC20.url, claims.timeoutMs))
    : undefined;
  const solana = claims.SOL ? (providers.solana ?? createSolanaRpc(claims.SOL.url, claims.timeoutMs)) : undefined;

  /** The transfers to the platform's address: [index, smallest units], and the block (or slot). */
  async function read(coin: ClaimCoin, txid: string): Promise<Final> {
    type Reading = { kind: 'not_found' | 'failed' | 'wrong_destination' | 'not_final' } | ({ kind: 'final' } & Final);
    let reading: Reading;
    try {
      if (coin === 'USDT_TRC20') {
        const c = claims.USDT_TRC20!;
        const r = await tron!.read(txid, c.address, c.contract);
        reading =
          r.kind === 'final'
            ? {
                kind: r.kind,
                height: r.block,
                sentAt: r.at,
                senders: r.senders,
                transfers: r.transfers.map((t) => [t.index, t.amount] as [number, bigint]),
              }
            : r;
      } else {
        const r = await solana!.read(txid, claims.SOL!.address);
        reading =
          r.kind === 'final'
            ? {
                kind: r.kind,
                height: r.slot,
                sentAt: r.at,
                senders: r.senders,
                transfers: r.transfers.map((t) => [t.index, t.lamports] as [number, bigint]),
              }
            : r;
      }
    } catch (err) {
      if (err instanceof TronMismatch || err instanceof SolMismatch) {
        log.error(
          { coin, txid, reason: err.message },
          'chain claim: content refused (the provider’s answer does not hold)',
        );
        throw new DomainError('chain_provider_unavailable');
      }
      if (err instanceof ProviderError) {
        log.warn?.({ coin, txid, reason: err.message }, 'chain claim: provider unavailable');
        throw new DomainError('chain_provider_unavailable');
      }
      throw err;
    }
    switch (reading.kind) {
      case 'not_found':
        throw new DomainError('chain_tx_not_found');
      case 'failed':
        throw new DomainError('chain_tx_failed');
      case 'wrong_destination':
        throw new DomainError('chain_tx_wrong_destination');
      case 'not_final':
        throw new DomainError('chain_tx_not_final');
      default:
        if (reading.transfers.length === 0) throw new DomainError('chain_tx_wrong_destination');
        return reading;
    }
  }

  return {
    async claim(userId: string, coinText: string, txidText: string): Promise<ChainClaimResult> {
      const coin = claimCoins.find((c) => c === coinText && claims[c]);
      if (!coin) throw new DomainError('chain_claim_coin_unknown');
      const txid = payoutTxidOf(coin === 'SOL' ? 'SOL' : 'USDTTRC20', txidText);
      if (!txid) throw new DomainError('chain_claim_txid_invalid');
      // A shortcut for the common case (no provider call); the primary key decides races.
      if (await repo.transactionKnown(db, coin, txid)) throw new DomainError('chain_tx_already_claimed');
      const { height, sentAt, senders, transfers } = await read(coin, txid);
      // A transaction id is public: only the person who registered the sending address before
      // the payment may claim it (decision 063). Nothing is written otherwise.
      if (!(await deps.senders.sentBy(userId, coin, senders, new Date(sentAt))))
        throw new DomainError('chain_tx_sender_unregistered');
      const address = claims[coin]!.address;
      const now = clock.now().toISOString();
      const rows: repo.ChainPaymentRow[] = transfers.map(([vout, amount]) => ({
        coin,
        txid,
        vout,
        user_id: userId,
        address,
        amount: amount.toString(),
        state: 'confirmed',
        block_hash: null,
        block_height: height,
        confirmations: 1,
        first_seen_at: now,
        confirmed_at: now,
        orphaned_at: null,
        credited_at: null,
        updated_at: now,
      }));
      try {
        await repo.insertClaimed(db, rows);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError('chain_tx_already_claimed');
        throw err;
      }
      deps.notifier.requestChanged(userId, 'deposit');
      // The outcome now, so that the person sees it; a failure here is the job's to finish.
      for (const row of rows) {
        try {
          await deps.credit.payment({ coin, txid, vout: row.vout });
        } catch (err) {
          log.error({ coin, txid, vout: row.vout, err }, 'chain claim: no outcome yet, left to the next pass');
        }
      }
      const total = transfers.reduce((sum, [, amount]) => sum + amount, 0n);
      return { coin, txid, amount: formatCoinAmount(coin, total) };
    },
  };
}
