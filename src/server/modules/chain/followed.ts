import type { Config } from '../../config';
import type { depositCoins } from '../../../contracts/cashier';

type DepositCoin = (typeof depositCoins)[number];

/**
 * The coins whose payments the platform sees on the chain itself (decision 062): there the chain is
 * the evidence, and a screenshot is never taken for them (it would let one payment be credited
 * twice, once seen and once declared). USDT (TRC-20) and SOL are so when claims by transaction id
 * are on for them (decision 060).
 */
export function followedOnChain(config: Pick<Config, 'chain'>): ReadonlySet<DepositCoin> {
  const claims = config.chain.claims;
  return new Set([
    ...(['BTC', 'LTC'] as const).filter((coin) => config.chain.coins[coin] !== undefined),
    // Claimed by transaction id and checked on chain (decision 060): a screenshot would be a second door.
    ...(['USDT_TRC20', 'SOL'] as const).filter((coin) => claims?.[coin] !== undefined),
  ]);
}
