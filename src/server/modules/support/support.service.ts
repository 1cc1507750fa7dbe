import { timeOrderedId } from '../../../core/ids';
import { SUPPORT_RESPONSE_HOURS, type HandoffReason } from '../../../core/assistant/handoff';
import type { Topic } from '../../../core/assistant/facts';
import { DomainError } from '../../../core/errors';
import type {
  ContextPacket,
  ConversationSummary,
  ConversationThread,
  OpenedConversation,
} from '../../../contracts/support';
import { isUniqueViolation } from '../../db/errors';
import type { AppContext } from '../../context';
import type { createAccountFactsService } from '../assistant/account-facts.service';
import type { createHistoryService } from '../cashier/history.service';
import type { Notifier } from '../notifier';
import { enqueueEmail } from '../notifications/outbox';
import { findContact } from '../accounts/security.repo';
import { newReference, OPENED_NOTICE, toMessage, toSummary } from './conversation';
import * as repo from './support.repo';

/** Movements an operator sees in the context packet: the newest few of each kind. */
const CONTEXT_MOVEMENTS = 8;

interface Deps {
  accountFacts: ReturnType<typeof createAccountFactsService>;
  history: ReturnType<typeof createHistoryService>;
  notifier: Notifier;
}

/**
 * The investor's side of a hand-off: opening a conversation with its context packet, reading
 * their own conversations, writing in them. An investor only ever reaches their own.
 */
export function createSupportService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, deps: Deps) {
  const { db, clock, config } = ctx;

  async function packet(userId: string, question: string, topic: Topic | undefined): Promise<ContextPacket> {
    const [facts, history] = await Promise.all([
      topic ? deps.accountFacts.facts(userId, topic) : Promise.resolve([]),
      deps.history.of(userId),
    ]);
    const movements = [
      ...history.deposits.map((d) => ({
        kind: 'deposit' as const,
        amount: d.amount,
        status: d.status,
        at: d.createdAt,
      })),
      ...history.withdrawals.map((w) => ({
        kind: 'withdrawal' as const,
        amount: w.amount,
        status: w.status,
        at: w.createdAt,
      })),
      ...history.transfers.map((t) => ({
        kind: t.direction === 'in' ? ('transfer_in' as const) : ('transfer_out' as const),
        amount: t.amount,
        status: 'completed',
        at: t.createdAt,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, CONTEXT_MOVEMENTS);
    return { question, topic: topic ?? null, facts, movements };
  }

  async function own(userId: string, id: string) {
    const row = await repo.findConversation(db, id);
    // Someone else's conversation answers exactly as a missing one: its existence is not told.
    if (!row || row.user_id !== userId) throw new DomainError('conversation_not_found');
    return row;
  }

  async function thread(userId: string, id: string): Promise<ConversationThread> {
    const row = await own(userId, id);
    return { ...toSummary(row), messages: (await repo.messagesOf(db, id)).map(toMessage) };
  }

  const link = () => new URL('/?assistant=open', config.publicUrl).toString();

  return {
    thread,

    async open(
      userId: string,
      input: { reason: HandoffReason; question: string; topic?: Topic },
    ): Promise<OpenedConversation> {
      const resume = async (existing: { id: string }) => ({ ...(await thread(userId, existing.id)), resumed: true });
      const already = await repo.openConversationOf(db, userId);
      if (already) return resume(already);
      const context = await packet(userId, input.question, input.topic);
      const who = await findContact(db, userId);
      const now = clock.now();
      const id = timeOrderedId(now.getTime());
      const reference = newReference();
      const at = now.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertConversation(trx, {
            id,
            reference,
            user_id: userId,
            reason: input.reason,
            state: 'waiting',
            assigned_to: null,
            context: JSON.stringify(context),
            created_at: at,
            updated_at: at,
            closed_at: null,
          });
          // The person's own words come first, then the notice that answers them.
          await repo.insertMessage(trx, {
            id: timeOrderedId(now.getTime()),
            conversation_id: id,
            author: 'investor',
            author_id: userId,
            body: input.question,
            created_at: at,
          });
          await repo.insertMessage(trx, {
            id: timeOrderedId(now.getTime() + 1),
            conversation_id: id,
            author: 'assistant',
            author_id: null,
            body: OPENED_NOTICE,
            created_at: new Date(now.getTime() + 1).toISOString(),
          });
          if (who) {
            await enqueueEmail(trx, {
              userId,
              to: who.email,
              template: 'support_opened',
              locale: who.locale,
              params: { reference, hours: SUPPORT_RESPONSE_HOURS, url: link() },
              now,
            });
          }
        });
      } catch (err) {
        // Another request opened one between the check and this insert: that one is the conversation.
        const winner = isUniqueViolation(err) ? await repo.openConversationOf(db, userId) : undefined;
        if (winner) return resume(winner);
        throw err;
      }
      deps.notifier.supportChanged(userId);
      return { ...(await thread(userId, id)), resumed: false };
    },

    async mine(userId: string): Promise<ConversationSummary[]> {
      return (await repo.conversationsOf(db, userId)).map(toSummary);
    },

    async post(userId: string, id: string, body: string): Promise<ConversationThread> {
      const row = await own(userId, id);
      if (row.state === 'closed') throw new DomainError('conversation_closed');
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.updateConversation(trx, id, { state: 'waiting', updated_at: now.toISOString() })))
          throw new DomainError('conversation_closed');
        await repo.insertMessage(trx, {
          id: timeOrderedId(now.getTime()),
          conversation_id: id,
          author: 'investor',
          author_id: userId,
          body,
          created_at: now.toISOString(),
        });
      });
      deps.notifier.supportChanged(userId);
      return thread(userId, id);
    },
  };
}
