import type { ChainEvidence } from '../../../contracts/cashier';
import { formatCoinAmount, formatRate, isCoin } from '../../../core/coins';
import type { Config } from '../../config';

/** A deposit row with its chain columns and its payment's (null for a deposit with a screenshot only). */
export interface EvidenceRow {
  chain_coin?: string | null;
  chain_txid?: string | null;
  chain_vout?: number | null;
  coin_amount?: string | null;
  rate_micros?: number | string | null;
  rate_at?: string | null;
  chain_state?: ChainEvidence['state'] | null;
  chain_block_hash?: string | null;
  chain_block_height?: number | null;
  chain_confirmations?: number | null;
}

/** The chain's evidence of a deposit, as operators and the person see it (decision 059). */
export function evidenceOf(row: EvidenceRow, config: Pick<Config, 'chain'>): ChainEvidence | null {
  const coin = row.chain_coin;
  if (!coin || !isCoin(coin) || !row.chain_txid || !row.coin_amount || !row.rate_micros || !row.rate_at) return null;
  return {
    coin,
    txid: row.chain_txid,
    vout: Number(row.chain_vout),
    coinAmount: formatCoinAmount(coin, BigInt(row.coin_amount)),
    rate: formatRate(BigInt(row.rate_micros)),
    rateAt: row.rate_at,
    // The payment row is kept with its deposit; its state is what the watcher sees now.
    state: row.chain_state ?? 'confirmed',
    blockHash: row.chain_block_hash ?? null,
    blockHeight:
      row.chain_block_height === null || row.chain_block_height === undefined ? null : Number(row.chain_block_height),
    confirmations: Number(row.chain_confirmations ?? 0),
    required: config.chain.coins[coin as 'BTC' | 'LTC']?.confirmations ?? 0,
  };
}
