import type { Intent } from './lexicon';

/**
 * When the assistant hands a conversation to a person. These intents go to a person at once: an
 * automatic answer to a complaint, a fraud or a contested movement is the "doom loop" regulators
 * warn about. Two messages in a row it could not understand do the same.
 */
export const handoffReasons = ['human', 'complaint', 'fraud', 'contest', 'personalData', 'notUnderstood'] as const;
export type HandoffReason = (typeof handoffReasons)[number];

export function handoffReasonOf(intent: Intent): HandoffReason | undefined {
  return (handoffReasons as readonly string[]).includes(intent) ? (intent as HandoffReason) : undefined;
}

export const MISUNDERSTOOD_BEFORE_HANDOFF = 2;

/**
 * A request for a person at least this strong ("parler à un conseiller", "contact support") opens
 * the conversation at once; a weaker one ("support", "are you a bot?") only offers it.
 */
export const DIRECT_HANDOFF_SCORE = 4;

/**
 * Whether a hand-off is what the person asked for, so it opens at once, or unclear, so the
 * assistant offers it as a choice (issue 46, item 10): misunderstood messages and a weak request
 * for a person are offered; a complaint, a fraud, a contested movement or a personal-data request
 * named clearly, or a request for a person the person chose (`score` undefined), go at once. One
 * the model found where the lexicon saw none of its words (`score` 0, decision 064) is only
 * offered: a guess must not open a conversation by itself.
 */
export function handoffAtOnce(reason: HandoffReason, score?: number): boolean {
  if (reason === 'notUnderstood' || score === 0) return false;
  if (reason === 'human') return score === undefined || score >= DIRECT_HANDOFF_SCORE;
  return true;
}

/** The response time the investor is promised when a conversation opens. */
export const SUPPORT_RESPONSE_HOURS = 24;

export const SUPPORT_MESSAGE_MAX = 2000;
