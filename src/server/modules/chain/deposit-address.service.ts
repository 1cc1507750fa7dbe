import { parseAccountKey, type AccountKey, type ChainCoin } from '../../../core/chain/account-key';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import * as repo from './deposit-address.repo';

/** Far above any real race: each round loses only to a person who took the index just read. */
const MAX_ATTEMPTS = 50;

export interface OwnAddress {
  coin: ChainCoin;
  address: string;
  index: number;
}

/**
 * Each investor's own BTC/LTC deposit address (decision 044), derived from the configured account
 * key the first time they need it and theirs for good. The database's unique keys decide every
 * race: the same person twice at once gets one row, two people at once get two indices.
 */
export function createDepositAddressService({ config, db, clock }: Pick<AppContext, 'config' | 'db' | 'clock'>) {
  const keys = new Map<ChainCoin, AccountKey>();
  for (const coin of ['BTC', 'LTC'] as const) {
    const text = config.depositXpubs[coin];
    if (text) keys.set(coin, parseAccountKey(coin, text));
  }

  async function addressOf(userId: string, coin: ChainCoin): Promise<OwnAddress> {
    const key = keys.get(coin);
    if (!key) throw new Error(`no account key for ${coin}`);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const given = await repo.findAddressOf(db, userId, coin);
      if (given) return { coin, address: given.address, index: Number(given.derivation_index) };
      const index = await repo.nextIndex(db, coin);
      const row = {
        user_id: userId,
        coin,
        derivation_index: index,
        address: key.receiveAddress(index),
        key_fingerprint: key.fingerprint,
        created_at: clock.now().toISOString(),
      };
      try {
        await repo.insertAddress(db, row);
        return { coin, address: row.address, index };
      } catch (err) {
        // Someone took this index, or this person's other request won: read again and retry.
        if (!isUniqueViolation(err)) throw err;
      }
    }
    throw new Error(`no ${coin} deposit address could be allocated after ${MAX_ATTEMPTS} attempts`);
  }

  return {
    /** The coins whose addresses are per investor. */
    coins: (): ChainCoin[] => [...keys.keys()],
    addressOf,
    /** For the operator's gap limit: per coin and key, how many addresses and the highest index. */
    stats: () => repo.allocationStats(db),
    /** The current key's fingerprint per coin (to tell the rows of a replaced key). */
    fingerprints: () => new Map([...keys].map(([coin, key]) => [coin, key.fingerprint])),
  };
}

export type DepositAddressService = ReturnType<typeof createDepositAddressService>;
