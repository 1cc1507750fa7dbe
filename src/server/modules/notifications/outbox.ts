import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './outbox.repo';
import { isLocale, type TemplateName, type TemplateParams } from './templates';

export type { TemplateName, TemplateParams } from './templates';

export interface EmailToSend<T extends TemplateName = TemplateName> {
  userId?: string;
  to: string;
  template: T;
  /** The recipient's language (their profile's locale); anything else falls back to French. */
  locale: string;
  params: TemplateParams[T];
  /** Defaults to now; tests with a moved clock pass the clock's time. */
  now?: Date;
}

/**
 * Writes an e-mail to the outbox. Call it with the transaction of the change that causes the
 * message, so both are committed together or not at all; the delivery job sends it later.
 */
export async function enqueueEmail<T extends TemplateName>(
  trx: Transaction<Database> | Kysely<Database>,
  email: EmailToSend<T>,
): Promise<string> {
  const row = outboxRow(email);
  await repo.insertMessage(trx, row);
  return row.id;
}

/** The outbox row of an e-mail, for a write that inserts it itself (a money movement's one statement). */
export function outboxRow<T extends TemplateName>(email: EmailToSend<T>): Database['email_outbox'] {
  const now = (email.now ?? new Date()).toISOString();
  return {
    id: randomUUID(),
    user_id: email.userId ?? null,
    to_address: email.to,
    template: email.template,
    locale: isLocale(email.locale) ? email.locale : 'fr',
    params: JSON.stringify(email.params),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    claimed_until: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}
