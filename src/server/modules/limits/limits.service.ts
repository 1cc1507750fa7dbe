import { DAY_MS } from '../../../core/clock';
import { DomainError, type ErrorCode } from '../../../core/errors';
import { verificationFacts } from '../../../core/identity';
import { toDecimalString, type Cents } from '../../../core/money';
import {
  exceededLimit,
  LIMIT_WINDOW_DAYS,
  leftOf,
  limitDirections,
  limitWindowStart,
  nextTier,
  tierOf,
  type LimitDirection,
  type LimitName,
  type DirectionLimits,
  type Tier,
} from '../../../core/tiers';
import type { HeldByLimit } from '../../../contracts/cashier';
import type { LimitsState } from '../../../core/assistant/resolvers/limits';
import type { LimitsView } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import type { Queryable } from '../ledger/ledger.repo';
import type { Step } from '../ledger/plan';
import { findContact } from '../accounts/security.repo';
import { currentVerifiedOf } from '../identity/identity.repo';
import { countedRequests, oldestCountedAt, usedSince } from './limits.repo';

const refusals: Record<LimitDirection, Record<LimitName, ErrorCode>> = {
  deposit: { per_request: 'deposit_limit_per_request', rolling_30_days: 'deposit_limit_30_days' },
  withdrawal: { per_request: 'withdrawal_limit_per_request', rolling_30_days: 'withdrawal_limit_30_days' },
};

/** Whether the next tier's deposit limits would let this amount through where today's do not. */
function raises(next: DirectionLimits, now: { used: Cents }, amount: Cents): boolean {
  return exceededLimit(next, now.used, amount) === null;
}

/** Who reads a refusal: the person whose request it is, or the operator approving it. */
type Audience = 'investor' | 'operator';

/** Why a direction allows nothing now: its tier's limit is zero, or the 30 days used all of it. */
function blockedBy(perRequest: Cents | null, rolling30Days: Cents | null, left: Cents | null) {
  if (perRequest === 0 || rolling30Days === 0) return 'tier' as const;
  return left === 0 ? ('used' as const) : null;
}

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
    // The verification on file, not the latest submission: a renewal pending or rejected leaves the
    // tier to the verification it renews, until that one's document expires (issue 46, item 1).
    const [contact, identity] = await Promise.all([findContact(q, userId), currentVerifiedOf(q, userId)]);
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

  /**
   * The refusal, worded for whom it is shown to: the investor's own request ("your limit", verify
   * your identity), or an operator's approval of someone's request (their limit, the amount, and
   * what the operator can do: wait or reject; issue 46, item 4).
   */
  function refusal(
    direction: LimitDirection,
    tier: Tier,
    hit: { limit: LimitName; max: Cents; left: Cents },
    audience: Audience,
    amount: Cents,
  ) {
    const raise = nextTier(tier) === 'identity';
    const context = audience === 'operator' ? (raise ? 'operator_raise' : 'operator') : raise ? 'raise' : null;
    return new DomainError(refusals[direction][hit.limit], {
      max: toDecimalString(hit.max),
      left: toDecimalString(hit.left),
      tier,
      ...(audience === 'operator' ? { amount: toDecimalString(amount) } : {}),
      ...(context ? { context } : {}),
    });
  }

  /**
   * Refuses a request above the person's limits, read now; and returns the steps that decide it
   * again in the movement's transaction: the person's profile row held (two requests of one person
   * meet there, one after the other), the tier's premise, and the 30-day sum capped.
   */
  async function check(
    q: Queryable,
    userId: string,
    direction: LimitDirection,
    amount: Cents,
    now: Date,
    audience: Audience = 'investor',
  ) {
    if (!table) return [];
    const { tier, premise } = await standingOf(q, userId, now);
    const limits = table[tier][direction];
    const since = limitWindowStart(now);
    const hit = exceededLimit(limits, await usedSince(q, direction, userId, since), amount);
    if (hit) throw refusal(direction, tier, hit, audience, amount);
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
            refusal(
              direction,
              tier,
              { limit: 'rolling_30_days', max, left: leftOf(max, Number(used))! },
              audience,
              amount,
            ).params,
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

    /** The same check when an operator approves the person's request: the refusal is worded for the operator. */
    checkApproval: (userId: string, direction: LimitDirection, amount: Cents) =>
      check(db, userId, direction, amount, clock.now(), 'operator'),

    standing,

    /**
     * For each of the person's pending deposits, whether their limit keeps it waiting: what
     * approving it now would pass, what is left, and what frees it (issue 46, item 3). One read of
     * the person's standing serves all their requests.
     */
    async depositHolds(userId: string): Promise<(amount: Cents) => HeldByLimit | null> {
      const s = await standing(userId);
      const d = s.limits?.directions.find((x) => x.direction === 'deposit');
      if (!d) return () => null;
      const oldest = await oldestCountedAt(db, 'deposit', userId, limitWindowStart(clock.now()));
      const freesAt = oldest ? new Date(new Date(oldest).getTime() + LIMIT_WINDOW_DAYS * DAY_MS).toISOString() : null;
      return (amount) => {
        const hit = exceededLimit(d, d.used, amount);
        if (!hit) return null;
        return {
          limit: hit.limit,
          max: toDecimalString(hit.max),
          left: toDecimalString(hit.left),
          raise: s.next === 'identity' && raises(table![s.next].deposit, d, amount),
          freesAt: hit.limit === 'rolling_30_days' ? freesAt : null,
        };
      };
    },

    /** The investor's tier, their limits and what is left of each. */
    async view(userId: string): Promise<LimitsView> {
      const s = await standing(userId);
      const amount = (c: Cents | null) => (c === null ? null : toDecimalString(c));
      if (!s.limits) return { enabled: false, tier: s.tier, next: s.next, limits: [] };
      const now = clock.now();
      const limits = await Promise.all(
        s.limits.directions.map(async (d) => {
          const raised = s.next ? table![s.next][d.direction] : null;
          const left = leftOf(d.rolling30Days, d.used);
          const blocked = blockedBy(d.perRequest, d.rolling30Days, left);
          const oldest =
            blocked === 'used' ? await oldestCountedAt(db, d.direction, userId, limitWindowStart(now)) : null;
          return {
            direction: d.direction,
            perRequest: amount(d.perRequest),
            rolling30Days: amount(d.rolling30Days),
            used: toDecimalString(d.used),
            left: amount(leftOf(d.rolling30Days, d.used)),
            nextRolling30Days: raised ? amount(raised.rolling30Days) : null,
            blocked,
            freesAt: oldest ? new Date(new Date(oldest).getTime() + LIMIT_WINDOW_DAYS * DAY_MS).toISOString() : null,
          };
        }),
      );
      return { enabled: true, tier: s.tier, next: s.next, limits };
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
