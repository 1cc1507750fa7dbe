/**
 * Tiers and limits (issue 26, item 2; decision 037): a person's tier follows from their
 * verification facts, and each tier has limits on deposits and withdrawals, per request and over
 * a rolling 30 days. The limits themselves are configuration; the arithmetic is here, pure, for the
 * server's checks and the investor's "what is left".
 */
import { DAY_MS } from './clock';
import type { VerificationFacts } from './identity';
import type { Cents } from './money';

/** Lowest first: nothing verified, a verified e-mail address, a verified identity (and address). */
export const tiers = ['none', 'email', 'identity'] as const;
export type Tier = (typeof tiers)[number];

export function tierOf(facts: VerificationFacts): Tier {
  if (facts.identityVerified && facts.addressVerified) return 'identity';
  return facts.emailVerified ? 'email' : 'none';
}

/** The tier a person reaches next, and so what raises their limits: null at the top. */
export function nextTier(tier: Tier): Tier | null {
  return tiers[tiers.indexOf(tier) + 1] ?? null;
}

export const limitDirections = ['deposit', 'withdrawal'] as const;
export type LimitDirection = (typeof limitDirections)[number];

/** One direction's limits: null means none. */
export interface DirectionLimits {
  perRequest: Cents | null;
  rolling30Days: Cents | null;
}
export type TierLimits = Record<LimitDirection, DirectionLimits>;
export type LimitsTable = Record<Tier, TierLimits>;

export const LIMIT_WINDOW_DAYS = 30;

/** The rolling window's start: movements strictly after it count. */
export function limitWindowStart(now: Date): Date {
  return new Date(now.getTime() - LIMIT_WINDOW_DAYS * DAY_MS);
}

/** What a limit leaves after what the window already used: null without a limit, never below zero. */
export function leftOf(limit: Cents | null, used: Cents): Cents | null {
  return limit === null ? null : Math.max(0, limit - used);
}

export type LimitName = 'per_request' | 'rolling_30_days';

/**
 * The first limit a request of `amount` would exceed, given what the window already used, with
 * what that limit leaves; null when it fits. The per-request limit is judged first.
 */
export function exceededLimit(
  limits: DirectionLimits,
  used: Cents,
  amount: Cents,
): { limit: LimitName; max: Cents; left: Cents } | null {
  if (limits.perRequest !== null && amount > limits.perRequest)
    return { limit: 'per_request', max: limits.perRequest, left: limits.perRequest };
  if (limits.rolling30Days !== null && used + amount > limits.rolling30Days)
    return { limit: 'rolling_30_days', max: limits.rolling30Days, left: leftOf(limits.rolling30Days, used)! };
  return null;
}
