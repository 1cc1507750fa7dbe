import { AdjustableClock, DAY_MS } from '../../../core/clock';
import type { PricedAsset } from '../../../core/coins';
import type { AppContext } from '../../context';
import type { RateService } from '../market/rates.service';
import { newestParams } from '../notifications/outbox.repo';

export const DEFAULT_TEST_BTC_PRICE = '65000.00';
/** What each stand-in feed answers until a journey sets it. */
export const DEFAULT_TEST_PRICES: Record<PricedAsset, string> = {
  BTC: DEFAULT_TEST_BTC_PRICE,
  LTC: '85.00',
  SOL: '150.00',
  USDT: '0.999871',
};

/** Test-only controls (TEST_CLOCK=true, never in production): the movable clock and stand-in price providers. */
export function createTestingService(ctx: AppContext, rates: Pick<RateService, 'invalidate'>) {
  if (!(ctx.clock instanceof AdjustableClock))
    throw new Error('TEST_CLOCK needs an AdjustableClock in the app context');
  const clock = ctx.clock;
  // null makes that stand-in provider fail, so journeys can see the stale-price fallback.
  const amounts: Record<PricedAsset, string | null> = { ...DEFAULT_TEST_PRICES };
  return {
    advanceDays(days: number): Date {
      clock.advance(days * DAY_MS);
      return clock.now();
    },
    now: (): Date => clock.now(),
    amount: (asset: PricedAsset): string | null => amounts[asset],
    setAmount(asset: PricedAsset, amount: string | null): void {
      amounts[asset] = amount;
      rates.invalidate(asset);
    },
    /** The newest confirmation link e-mailed to an address (harnesses open it, as a person would). */
    async verificationLink(email: string): Promise<string | null> {
      const params = await newestParams(ctx.db, email.trim().toLowerCase(), 'email_verification');
      return params ? (JSON.parse(params) as { url: string }).url : null;
    },
  };
}
