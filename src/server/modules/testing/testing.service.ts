import { AdjustableClock, DAY_MS } from '../../../core/clock';
import type { AppContext } from '../../context';
import type { PriceService } from '../market/market.service';
import { newestParams } from '../notifications/outbox.repo';

export const DEFAULT_TEST_BTC_PRICE = '65000.00';

/** Test-only controls (TEST_CLOCK=true, never in production): the movable clock and a stand-in price provider. */
export function createTestingService(ctx: AppContext, prices: PriceService) {
  if (!(ctx.clock instanceof AdjustableClock))
    throw new Error('TEST_CLOCK needs an AdjustableClock in the app context');
  const clock = ctx.clock;
  // null makes the stand-in provider fail, so journeys can see the stale-price fallback.
  let btcAmount: string | null = DEFAULT_TEST_BTC_PRICE;
  return {
    advanceDays(days: number): Date {
      clock.advance(days * DAY_MS);
      return clock.now();
    },
    now: (): Date => clock.now(),
    btcAmount: (): string | null => btcAmount,
    setBtcAmount(amount: string | null): void {
      btcAmount = amount;
      prices.invalidate();
    },
    /** The newest confirmation link e-mailed to an address (harnesses open it, as a person would). */
    async verificationLink(email: string): Promise<string | null> {
      const params = await newestParams(ctx.db, email.trim().toLowerCase(), 'email_verification');
      return params ? (JSON.parse(params) as { url: string }).url : null;
    },
  };
}
