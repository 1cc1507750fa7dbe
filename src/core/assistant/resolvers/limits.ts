import type { Cents } from '../../money';
import { leftOf, type LimitDirection, type Tier } from '../../tiers';
import { money, type Fact } from '../facts';

/** One direction's limits at the investor's tier and what the rolling 30 days already used. */
export interface DirectionStanding {
  direction: LimitDirection;
  perRequest: Cents | null;
  rolling30Days: Cents | null;
  used: Cents;
}

/** The investor's tier and limits (decision 037); null where the operator has not turned limits on. */
export type LimitsState = { tier: Tier; next: Tier | null; directions: DirectionStanding[] } | null;

/** A limit of zero lets nothing through: the tier itself is the cause, not what was used. */
const closed = (d: DirectionStanding) => d.perRequest === 0 || d.rolling30Days === 0;

/**
 * The withdrawal limit as the withdrawal answer states it, with `blocks` when no amount at all
 * could leave now (the tier allows none, or the 30 days used it up) and then what raises it: the
 * same arithmetic as the service's refusal (core/tiers), so the answer never disagrees with the form.
 */
export function withdrawalLimitFacts(s: LimitsState): { facts: Fact[]; blocks: boolean } {
  const d = s?.directions.find((x) => x.direction === 'withdrawal');
  if (!s || !d) return { facts: [], blocks: false };
  const raise: Fact[] = s.next ? [{ key: `limits.raise.${s.next}`, values: {}, link: '/profile' }] : [];
  if (closed(d)) return { facts: [{ key: `withdraw.limitNone.${s.tier}`, values: {} }, ...raise], blocks: true };
  const left = leftOf(d.rolling30Days, d.used);
  if (left === 0) {
    const values = { max: money(d.rolling30Days!), used: money(d.used) };
    return { facts: [{ key: 'withdraw.limitReached', values }, ...raise], blocks: true };
  }
  if (left === null && d.perRequest === null) return { facts: [], blocks: false };
  const fact: Fact =
    left === null
      ? { key: 'withdraw.limitPerRequest', values: { perRequest: money(d.perRequest!) } }
      : d.perRequest === null
        ? { key: 'withdraw.limitLeft', values: { left: money(left), max: money(d.rolling30Days!) } }
        : {
            key: 'withdraw.limitLeftPerRequest',
            values: { left: money(left), max: money(d.rolling30Days!), perRequest: money(d.perRequest) },
          };
  return { facts: [fact], blocks: false };
}

/**
 * What is left under each limit: the tier, then per direction what the rolling 30 days leave and
 * the cap of one request, then what raises them.
 */
export function resolveLimits(s: LimitsState): Fact[] {
  if (!s) return [{ key: 'limits.off', values: {} }];
  const facts: Fact[] = [{ key: `limits.tier.${s.tier}`, values: {} }];
  for (const d of s.directions) {
    if (closed(d)) {
      facts.push({ key: `limits.${d.direction}.closed`, values: {} });
      continue;
    }
    if (d.rolling30Days === null && d.perRequest === null) {
      facts.push({ key: `limits.${d.direction}.none`, values: {} });
      continue;
    }
    if (d.rolling30Days !== null)
      facts.push({
        key: `limits.${d.direction}.left`,
        values: { left: money(leftOf(d.rolling30Days, d.used)!), max: money(d.rolling30Days), used: money(d.used) },
      });
    if (d.perRequest !== null)
      facts.push({ key: `limits.${d.direction}.perRequest`, values: { max: money(d.perRequest) } });
  }
  if (s.next) facts.push({ key: `limits.raise.${s.next}`, values: {}, link: '/profile' });
  return facts;
}
