import { timeOrderedId } from '../../../core/ids';
import { DomainError } from '../../../core/errors';
import type { ContextPacket, InboxItem, InboxThread } from '../../../contracts/support';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import type { Trx } from '../ledger/ledger.repo';
import type { Notifier } from '../notifier';
import { enqueueEmail } from '../notifications/outbox';
import { toMessage, toSummary } from './conversation';
import * as repo from './support.repo';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findWithInvestor>>>;

function toItem(row: Row, operatorId: string): InboxItem {
  return {
    ...toSummary(row),
    investor: { id: row.user_id, uid: row.uid, fullName: row.full_name, locale: row.locale },
    assignedTo: row.assigned_to,
    assignedToMe: row.assigned_to === operatorId,
  };
}

/**
 * The operators' side: the inbox by state, a thread with its context packet, and the three
 * actions (reply, assign, close), each in the audit trail in the same transaction as the change.
 */
export function createInboxService(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, deps: { notifier: Notifier }) {
  const { db, clock, config } = ctx;

  async function find(id: string): Promise<Row> {
    const row = await repo.findWithInvestor(db, id);
    if (!row) throw new DomainError('conversation_not_found');
    return row;
  }

  async function thread(operatorId: string, id: string): Promise<InboxThread> {
    const row = await find(id);
    return {
      ...toItem(row, operatorId),
      messages: (await repo.messagesOf(db, id)).map(toMessage),
      context: JSON.parse(row.context) as ContextPacket,
    };
  }

  /** One operator action: the change and its audit row commit together; open screens are told after. */
  async function act(
    operatorId: string,
    id: string,
    source: AuditSource,
    action: string,
    apply: (trx: Trx, row: Row, now: Date) => Promise<unknown>,
  ): Promise<InboxThread> {
    const row = await find(id);
    if (row.state === 'closed') throw new DomainError('conversation_closed');
    await db.transaction().execute(async (trx) => {
      const now = clock.now();
      const after = await apply(trx, row, now);
      await recordAudit(
        trx,
        {
          actorId: operatorId,
          action,
          target: { type: 'support_conversation', id },
          source,
          before: { state: row.state, assignedTo: row.assigned_to },
          after,
        },
        now,
      );
    });
    deps.notifier.supportChanged(row.user_id);
    return thread(operatorId, id);
  }

  return {
    thread,

    async list(operatorId: string, state: Row['state']): Promise<InboxItem[]> {
      return (await repo.inbox(db, state)).map((row) => toItem(row, operatorId));
    },

    reply: (operatorId: string, id: string, body: string, source: AuditSource) =>
      act(operatorId, id, source, 'support.reply', async (trx, row, now) => {
        // Replying takes the conversation unless a colleague already holds it.
        const assignedTo = row.assigned_to ?? operatorId;
        if (
          !(await repo.updateConversation(trx, id, {
            state: 'answered',
            assigned_to: assignedTo,
            updated_at: now.toISOString(),
          }))
        )
          throw new DomainError('conversation_closed');
        await repo.insertMessage(trx, {
          id: timeOrderedId(now.getTime()),
          conversation_id: id,
          author: 'operator',
          author_id: operatorId,
          body,
          created_at: now.toISOString(),
        });
        await enqueueEmail(trx, {
          userId: row.user_id,
          to: row.email,
          template: 'support_reply',
          locale: row.locale,
          params: { reference: row.reference, body, url: new URL('/?assistant=open', config.publicUrl).toString() },
          now,
        });
        return { state: 'answered', assignedTo, body };
      }),

    assign: (operatorId: string, id: string, source: AuditSource) =>
      act(operatorId, id, source, 'support.assign', async (trx, _row, now) => {
        if (!(await repo.updateConversation(trx, id, { assigned_to: operatorId, updated_at: now.toISOString() })))
          throw new DomainError('conversation_closed');
        return { assignedTo: operatorId };
      }),

    close: (operatorId: string, id: string, source: AuditSource) =>
      act(operatorId, id, source, 'support.close', async (trx, _row, now) => {
        const at = now.toISOString();
        if (!(await repo.updateConversation(trx, id, { state: 'closed', updated_at: at, closed_at: at })))
          throw new DomainError('conversation_closed');
        return { state: 'closed' };
      }),
  };
}
