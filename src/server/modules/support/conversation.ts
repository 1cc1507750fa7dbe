import { randomInt } from 'node:crypto';
import { SUPPORT_RESPONSE_HOURS, type HandoffReason } from '../../../core/assistant/handoff';
import type { ConversationSummary } from '../../../contracts/support';
import type { ConversationRow, MessageRow } from './support.repo';

// No 0/O, 1/I/L: a reference is read out over the phone and typed from an e-mail.
const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** "SUP-7KQ4-M2XD": the number an investor quotes; random, so it tells nothing of the volume. */
export function newReference(): string {
  const part = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `SUP-${part()}-${part()}`;
}

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    reference: row.reference,
    reason: row.reason as HandoffReason,
    state: row.state,
    withAdvisor: row.assigned_to !== null,
    targetResponseHours: SUPPORT_RESPONSE_HOURS,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toMessage(row: MessageRow) {
  return { id: row.id, author: row.author, body: row.body, createdAt: row.created_at };
}

/** The assistant's first message, stored as a code the client words: it says it is an automatic assistant. */
export const OPENED_NOTICE = 'assistant.opened';
