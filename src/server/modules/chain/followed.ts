import type { Config } from '../../config';
import type { depositCoins } from '../../../contracts/cashier';

type DepositCoin = (typeof depositCoins)[number];

/**
 * The coins whose payments the platform sees on the chain itself (decision 062): there the chain is
 * the evidence, and a screenshot is never taken for them (it would let one payment be credited
 * twice, once seen and once declared).
 */
export function followedOnChain(config: Pick<Config, 'chain'>): ReadonlySet<DepositCoin> {
  return new Set((['BTC', 'LTC'] as const).filter((coin) => config.chain.coins[coin] !== undefined));
}
