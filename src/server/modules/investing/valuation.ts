import type { Area } from '../../../core/areas';
import type { Cents } from '../../../core/money';
import { investmentValue, type ValuedInvestment } from '../../../core/valuation';

/** The stored columns the valuation reads: an investment row, or the portfolio's valuation rows. */
export interface StoredValuation {
  area: string;
  amount_cents: number;
  current_value_cents: number;
  btc_price_at_investment_cents: number | null;
}

export function valuedInvestment(row: StoredValuation): ValuedInvestment {
  return {
    area: row.area as Area,
    amountCents: Number(row.amount_cents),
    storedValueCents: Number(row.current_value_cents),
    btcPriceAtInvestmentCents:
      row.btc_price_at_investment_cents === null ? null : Number(row.btc_price_at_investment_cents),
  };
}

/**
 * core/valuation's one rule applied to a stored investment: what the portfolio shows and what a
 * stop credits are the same number at the same price.
 */
export function storedInvestmentValue(row: StoredValuation, btcPriceCents: Cents | null): Cents {
  return investmentValue(valuedInvestment(row), btcPriceCents);
}
