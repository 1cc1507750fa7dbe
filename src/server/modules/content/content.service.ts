import type { PublicConfig } from '../../../contracts/public-config';
import type { Config } from '../../config';

/** Only whitelisted, non-secret values of the configuration reach the browser. */
export function publicConfig(config: Config): PublicConfig {
  const r = config.advertisedRates;
  return {
    advertisedRates: {
      tradingMonthlyPct: r.tradingMonthlyPct,
      realEstateQuarterlyPct: r.realEstateQuarterlyPct,
      stocksYearlyMinPct: r.stocksYearlyMinPct,
      stocksYearlyMaxPct: r.stocksYearlyMaxPct,
    },
    demoMode: config.demoMode,
    supportEmail: config.supportEmail,
  };
}
