import { base58Decode, type CryptoType } from './crypto-address';
import { centsToCoin, oneCentOfCoin, type Coin, type RateMicros } from './coins';
import type { Cents } from './money';

/**
 * Payouts with their transaction (decision 057): the shape of a payout transaction id per coin
 * family, the coin amount a payout must at least carry, and the explorer link the investor sees.
 * Pure: the operator's card checks the shape before sending, the server checks it again.
 */

/** The withdrawal's crypto type as the coin registry (decision 056) names it. */
export const coinOfCrypto: Readonly<Record<CryptoType, Coin>> = {
  BTC: 'BTC',
  LTC: 'LTC',
  USDTTRC20: 'USDT_TRC20',
  SOL: 'SOL',
  BNB: 'BNB',
};

/**
 * The id as the coin's explorers write it, or null for anything else: 64 hexadecimal digits for
 * Bitcoin, Litecoin and TRON (lower-cased), `0x` and 64 for BNB (an EVM hash; lower-cased), and for
 * Solana a base58 signature of 64 bytes (87 or 88 characters, case kept: base58 is case-sensitive).
 */
export function payoutTxidOf(crypto: CryptoType, text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const value = text.trim();
  switch (crypto) {
    case 'BTC':
    case 'LTC':
    case 'USDTTRC20':
      return /^[0-9a-fA-F]{64}$/.test(value) ? value.toLowerCase() : null;
    case 'BNB':
      return /^0x[0-9a-fA-F]{64}$/.test(value) ? value.toLowerCase() : null;
    case 'SOL':
      return /^[1-9A-HJ-NP-Za-km-z]{87,88}$/.test(value) && base58Decode(value)?.length === 64 ? value : null;
    default:
      return null;
  }
}

/** Basis points: 10 000 = 100 %. */
const BPS = 10_000n;

/**
 * The least coin amount that settles `cents` at `rate` (decision 057): the amount `centsToCoin`
 * gives now, less `toleranceBps` of it (the rate moved between the operator's payment and the
 * approval) and less one cent of the coin (the rounding of decision 056). Never below one unit.
 */
export function leastPayout(coin: Coin, cents: Cents, rate: RateMicros, toleranceBps: number): bigint {
  const expected = centsToCoin(coin, cents, rate);
  const least = expected - (expected * BigInt(toleranceBps)) / BPS - oneCentOfCoin(coin, rate);
  return least > 0n ? least : 1n;
}

/**
 * The explorer's page of a transaction: the operator's template with `{txid}` replaced (decision
 * 057), or null when none is configured for the coin.
 */
export function explorerLink(template: string | undefined, txid: string): string | null {
  return template ? template.replaceAll('{txid}', encodeURIComponent(txid)) : null;
}
