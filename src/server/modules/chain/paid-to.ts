import type { DepositPaidTo } from '../../../contracts/cashier';

/**
 * What the operator sees of where a deposit was paid (decision 044): the coin and address the
 * person was shown when filing, and the derivation index when it was their own derived address.
 */
export function paidTo(row: {
  deposit_coin?: string | null;
  deposit_address?: string | null;
  derivation_index?: number | string | null;
}): DepositPaidTo | null {
  if (!row.deposit_coin || !row.deposit_address) return null;
  const index = row.derivation_index;
  return {
    coin: row.deposit_coin,
    address: row.deposit_address,
    derivedIndex: index === null || index === undefined ? null : Number(index),
  };
}
