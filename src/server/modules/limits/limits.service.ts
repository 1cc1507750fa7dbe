import { DomainError, type ErrorCode } from '../../../core/errors';
import { verificationFacts } from '../../../core/identity';
import { toDecimalString, type Cents } from '../../../core/money';
import {
  exceededLimit,
  leftOf,
  limitDirections,
  limitWindowStart,
  nextTier,
  tierOf,
  type LimitDirection,
  type LimitName,
  type Tier,
} from '../../../core/tiers';
import type { LimitsState } from '../../../core/assistant/resolvers/limits';
import type { LimitsView } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import type { Queryable } from '../ledger/ledger.repo';
import type { Step } from '../ledger/plan';
import { findContact } from '../accounts/security.repo';
import { latestOf } from '../identity/identity.repo';
import { countedRequests, usedSince } from './limits.repo';

const refusals: Record<LimitDirection, Record<LimitName, ErrorCode>> = {
  deposit: { per_request: 'deposit_limit_per_request', rolling_30_days: 'deposit_limit_30_days' },
  withdrawal: { per_request: 'withdrawal_limit_per_request', rolling_30_days: 'withdrawal_limit_30_days' },
};

/** A person's tier, and the step that keeps it true until the movement commits. */
interface Standing {
  tier: Tier;
  premise: Step[];
}

/**
 * Tiers and limits (issue 26, item 2; decision 037). The tier follows from the person's
 * verification facts; a request above a limit is refused with the limit, what it leaves and
 * whether verifying the identity raises it. With limits off (outside production by default)
 * nothing is refused and the plans get no step.
 */
export function createLimitsService(ctx: AppContext) {
  const { db, clock, config } = ctx;
  const table = config.tierLimits;

  async function standingOf(q: Queryable, userId: string, now: Date): Promise<Standing> {
    const [contact, identity] = await Promise.all([findContact(q, userId), latestOf(q, userId)]);
    const facts = verificationFacts(
      {
        emailVerified: contact?.verified ?? false,
        identity: identity
          ? { status: identity.status as 'verified', documentExpiry: identity.document_expiry }
          : { status: 'none', documentExpiry: null },
      },
      now,
    );
    const tier = tierOf(facts);
    // The facts the tier was read from still hold when the money moves: a verified identity is
    // held (locked) until the commit, an address still verified is required. A tier that rises
    // meanwhile only loosens the limits this request was judged by.
    const premise: Step[] =
      tier === 'identity'
        ? [
            {
              do: 'require',
              table: 'identity_verification',
              where: { id: identity!.id, status: 'verified' },
              lock: true,
              refuse: { code: 'limit_tier_changed' },
            },
          ]
        : tier === 'email'
          ? [
              {
                do: 'require',
                table: 'user',
                where: { id: userId, emailVerified: true },
                refuse: { code: 'limit_tier_changed' },
              },
            ]
          : [];
    return { tier, premise };
  }

  function refusal(direction: LimitDirection, tier: Tier, hit: { limit: LimitName; max: Cents; left: Cents }) {
    const raise = nextTier(tier) === 'identity';
    return new DomainError(refusals[direction][hit.limit], {
      max: toDecimalString(hit.max),
      left: toDecimalString(hit.left),
      tier,
      ...(raise ? { context: 'raise' } : {}),
    });
  }

  /**
   * Refuses a request above the person's limits, read now; and returns the steps that decide it
   * again in the movement's transaction: the person's profile row held (two requests of one person
   * meet there, one after the other), the tier's premise, and the 30-day sum capped.
   */
  async function check(q: Queryable, userId: string, direction: LimitDirection, amount: Cents, now: Date) {
    if (!table) return [];
    const { tier, premise } = await standingOf(q, userId, now);
    const limits = table[tier][direction];
    const since = limitWindowStart(now);
    const hit = exceededLimit(limits, await usedSince(q, direction, userId, since), amount);
    if (hit) throw refusal(direction, tier, hit);
    const steps: Step[] = [
      {
        do: 'require',
        table: 'user_profile',
        where: { user_id: userId },
        lock: true,
        refuse: { code: 'profile_not_found' },
      },
      ...premise,
    ];
    if (limits.rolling30Days !== null) {
      const max = limits.rolling30Days;
      steps.push({
        do: 'cap',
        ...countedRequests(direction, userId, since),
        sum: 'amount_cents',
        plus: amount,
        max,
        refuse: {
          code: refusals[direction].rolling_30_days,
          params: (used) =>
            refusal(direction, tier, { limit: 'rolling_30_days', max, left: leftOf(max, Number(used))! }).params,
        },
      });
    }
    return steps;
  }

  /** The investor's tier, and with limits on, each direction's limits and what the 30 days used. */
  async function standing(userId: string): Promise<{ tier: Tier; next: Tier | null; limits: LimitsState }> {
    const now = clock.now();
    const { tier } = await standingOf(db, userId, now);
    const next = nextTier(tier);
    if (!table) return { tier, next, limits: null };
    const since = limitWindowStart(now);
    const directions = await Promise.all(
      limitDirections.map(async (direction) => ({
        direction,
        ...table[tier][direction],
        used: await usedSince(db, direction, userId, since),
      })),
    );
    return { tier, next, limits: { tier, next, directions } };
  }

  return {
    check: (userId: string, direction: LimitDirection, amount: Cents, q: Queryable = db) =>
      check(q, userId, direction, amount, clock.now()),

    standing,

    /** The investor's tier, their limits and what is left of each. */
    async view(userId: string): Promise<LimitsView> {
      const s = await standing(userId);
      const amount = (c: Cents | null) => (c === null ? null : toDecimalString(c));
      if (!s.limits) return { enabled: false, tier: s.tier, next: s.next, limits: [] };
      return {
        enabled: true,
        tier: s.tier,
        next: s.next,
        limits: s.limits.directions.map((d) => {
          const raised = s.next ? table![s.next][d.direction] : null;
          return {
            direction: d.direction,
            perRequest: amount(d.perRequest),
            rolling30Days: amount(d.rolling30Days),
            used: toDecimalString(d.used),
            left: amount(leftOf(d.rolling30Days, d.used)),
            nextRolling30Days: raised ? amount(raised.rolling30Days) : null,
          };
        }),
      };
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
