import { mulDiv } from '../../../core/money';
import type { InvestmentRow } from './investing.repo';

/**
 * Spec §4: a crypto investment is worth amount × current BTC price ÷ price at investment; other
 * areas, and crypto when either price is missing, are worth their stored value.
 */
export function currentValueCents(row: Pick<InvestmentRow, 'area' | 'amount_cents' | 'current_value_cents' | 'btc_price_at_investment_cents'>, btcPriceCents: number | null): number {
  if (row.area === 'crypto' && btcPriceCents !== null && row.btc_price_at_investment_cents) {
    return mulDiv(Number(row.amount_cents), btcPriceCents, Number(row.btc_price_at_investment_cents));
  }
  return Number(row.current_value_cents);
}
