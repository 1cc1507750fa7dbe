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

/** The response time the investor is promised when a conversation opens. */
export const SUPPORT_RESPONSE_HOURS = 24;

export const SUPPORT_MESSAGE_MAX = 2000;
