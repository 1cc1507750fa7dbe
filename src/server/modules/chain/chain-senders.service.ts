import { validateAddress } from '../../../core/crypto-address';
import { DomainError } from '../../../core/errors';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { claimCoins, type ClaimCoin } from './chain-claims.service';
import * as repo from './chain-senders.repo';

/** How many sending addresses a person may register per coin: wallets, not a list to hide in. */
export const MAX_SENDERS_PER_COIN = 5;

export interface ChainSender {
  coin: ClaimCoin;
  address: string;
  registeredAt: string;
}

const toSender = (row: repo.ChainSenderRow): ChainSender => ({
  coin: row.coin,
  address: row.address,
  registeredAt: row.registered_at,
});

/**
 * The addresses a person pays the platform's shared USDT (TRC-20) or SOL address from (decision
 * 063). A claim by transaction id is accepted only when the transaction was sent from one of the
 * claimant's addresses registered before its block: a transaction id is public on chain, the
 * registration made ahead of the payment is what nobody else can make for it. One address belongs
 * to one person (the primary key decides); registering it again is answered as done.
 */
export function createChainSenders({ config, db, clock }: Pick<AppContext, 'config' | 'db' | 'clock'>) {
  const coinOf = (text: string): ClaimCoin => {
    const coin = claimCoins.find((c) => c === text && config.chain.claims?.[c]);
    if (!coin) throw new DomainError('chain_claim_coin_unknown');
    return coin;
  };

  return {
    async list(userId: string): Promise<ChainSender[]> {
      return (await repo.sendersOf(db, userId)).map(toSender);
    },

    async register(userId: string, coinText: string, addressText: string): Promise<ChainSender> {
      const coin = coinOf(coinText);
      const address = addressText.trim();
      if (!validateAddress(coin === 'SOL' ? 'SOL' : 'USDTTRC20', address))
        throw new DomainError('chain_sender_invalid');
      const known = await repo.findSender(db, coin, address);
      if (known?.user_id === userId) return toSender(known);
      if (known) throw new DomainError('chain_sender_taken');
      if ((await repo.sendersOf(db, userId, coin)).length >= MAX_SENDERS_PER_COIN)
        throw new DomainError('chain_sender_limit', { max: MAX_SENDERS_PER_COIN });
      const row: repo.ChainSenderRow = { coin, address, user_id: userId, registered_at: clock.now().toISOString() };
      try {
        await repo.insertSender(db, row);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // Registered at the same moment: by this person (answered as done) or by another.
        const now = await repo.findSender(db, coin, address);
        if (now?.user_id === userId) return toSender(now);
        throw new DomainError('chain_sender_taken');
      }
      return toSender(row);
    },

    /**
     * Whether every address the transaction was sent from is the claimant's, registered before
     * the transaction's block (`sentAt`, the chain's time).
     */
    async sentBy(userId: string, coin: ClaimCoin, senders: string[], sentAt: Date): Promise<boolean> {
      if (senders.length === 0) return false;
      const mine = await repo.sendersOf(db, userId, coin);
      return senders.every((s) => mine.some((m) => m.address === s && new Date(m.registered_at) <= sentAt));
    },
  };
}
export type ChainSenders = ReturnType<typeof createChainSenders>;
