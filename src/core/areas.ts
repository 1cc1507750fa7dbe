import { applyBasisPoints, type Cents } from './money';

export const areas = ['crypto', 'trading', 'stocks', 'real_estate'] as const;
export type Area = (typeof areas)[number];

export const isArea = (value: unknown): value is Area =>
  typeof value === 'string' && (areas as readonly string[]).includes(value);

/**
 * Simulator return rates of spec §9, in basis points (crypto 0.15, trading 1.8, stocks 0.08,
 * real estate 0.48). They are hypothetical projections, never promises.
 */
export const simulatorRateBps: Record<Area, number> = {
  crypto: 1_500,
  trading: 18_000,
  stocks: 800,
  real_estate: 4_800,
};

/** amount × (1 + rate), rounded to the cent. */
export function projectedReturn(area: Area, amount: Cents): Cents {
  return applyBasisPoints(amount, 10_000 + simulatorRateBps[area]);
}

/** The catalogue of spec §2: options per area (titles and descriptions are localized by the web app). */
export const catalogue: Record<Area, readonly string[]> = {
  crypto: ['memecoins', 'altcoins', 'bitcoin_ethereum', 'nfts', 'defi_tokens'],
  trading: ['day_trading', 'swing_trading', 'options', 'futures', 'forex'],
  stocks: ['blue_chips', 'growth_stocks', 'dividend_stocks', 'etfs', 'index_funds'],
  real_estate: ['residential', 'commercial', 'reits', 'land', 'rental_properties'],
};
