import { DomainError } from '../../../core/errors';
import { withdrawalReleasePostings, withdrawalSettlePostings } from '../../../core/ledger';
import { toDecimalString } from '../../../core/money';
import type { AdminDeposit, AdminWithdrawal } from '../../../contracts/cashier';
import type { AppContext } from '../../context';
import type { Notifier } from '../notifier';
import { contactOf } from '../cashier/cashier.repo';
import { proofMatches } from '../backoffice/proof-match';
import { toDeposit } from '../cashier/deposits.service';
import { toWithdrawal } from '../cashier/withdrawals.service';
import { InsufficientFunds, post, type Trx } from '../ledger/ledger.service';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import { isFrozen } from '../freeze/freeze';
import { creditDeposit } from '../ledger/deposits';
import { enqueueEmail } from '../notifications/outbox';
import { signProofLink, PROOF_LINK_TTL_S } from '../storage/signed-link';
import * as repo from './admin.repo';

type Status = 'pending' | 'approved' | 'rejected';

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Its strings go into the query: only what we could have encoded (no U+0000, which PostgreSQL refuses).
    const fits = (v: unknown): v is string => typeof v === 'string' && v.length <= 64 && !v.includes('\u0000');
    if (Array.isArray(value) && value.length === 2 && fits(value[0]) && fits(value[1]))
      return { createdAt: value[0], id: value[1] };
  } catch {
    /* falls through to the error below */
  }
  throw new DomainError('validation_failed', { fields: [{ path: 'querystring.cursor', code: 'invalid_cursor' }] });
}

function page<T extends { created_at: string; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { rows: items, nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : null };
}

type Kind = 'deposit' | 'withdrawal';
type Template = 'deposit_approved' | 'deposit_rejected' | 'withdrawal_approved' | 'withdrawal_rejected';

interface ReviewRow {
  user_id: string;
  amount_cents: number;
  status: Status;
  first_approved_by: string | null;
  first_approved_at: string | null;
  first_approver_name: string | null;
  frozen_at: string | null;
}

export function createAdminService(ctx: AppContext, notifier: Notifier) {
  const { db, clock, config } = ctx;
  const needsTwo = (amountCents: number) => amountCents >= config.dualControlFromCents;

  function review(r: ReviewRow, operatorId: string | undefined) {
    const two = needsTwo(Number(r.amount_cents));
    return {
      stage:
        r.status !== 'pending'
          ? ('decided' as const)
          : r.first_approved_by
            ? ('awaiting_second' as const)
            : ('awaiting_first' as const),
      needsSecondApproval: two,
      firstApproval:
        r.first_approved_by && r.first_approved_at
          ? { by: r.first_approved_by, name: r.first_approver_name ?? r.first_approved_by, at: r.first_approved_at }
          : null,
      own: r.user_id === operatorId,
    };
  }

  async function email(trx: Trx, userId: string, template: Template, params: Record<string, string>) {
    const contact = await contactOf(trx, userId);
    if (!contact) return;
    await enqueueEmail(trx, {
      userId,
      to: contact.email,
      template,
      locale: contact.locale,
      params: params as never,
      now: clock.now(),
    });
  }

  const table = {
    deposit: { find: repo.findDeposit, decide: repo.decideDeposit, first: repo.approveDepositFirst },
    withdrawal: { find: repo.findWithdrawal, decide: repo.decideWithdrawal, first: repo.approveWithdrawalFirst },
  };

  /**
   * Runs a decision on a request that is not the operator's own and still pending. Every write is
   * a conditional transition inside one transaction: whatever races, one outcome commits.
   */
  async function decide<R extends { user_id: string; status: Status }>(
    kind: Kind,
    operatorId: string,
    id: string,
    run: (trx: Trx, row: R) => Promise<void>,
  ) {
    const found = (await table[kind].find(db, id)) as R | undefined;
    if (!found) throw new DomainError('request_not_found');
    if (found.user_id === operatorId) throw new DomainError('own_request');
    if (found.status !== 'pending') throw new DomainError('request_not_pending');
    await db.transaction().execute((trx) => run(trx, found));
    notifier.requestChanged(found.user_id, kind);
  }

  /** Why a conditional transition wrote nothing: the request was decided, or its stage moved. */
  async function lost(trx: Trx, kind: Kind, id: string): Promise<never> {
    const now = await table[kind].find(trx, id);
    throw new DomainError(now && now.status === 'pending' ? 'request_stage_changed' : 'request_not_pending');
  }

  /**
   * Approves: below the dual-control threshold, or as the second of two different operators, it
   * moves the money; at or above it without an earlier approval, it records the first approval.
   */
  async function approve(
    kind: Kind,
    operatorId: string,
    id: string,
    source: AuditSource,
    settle: (
      trx: Trx,
      row: { user_id: string; amount_cents: number; crypto_type?: string },
      at: Date,
    ) => Promise<Record<string, unknown>>,
  ): Promise<'awaiting_second' | 'approved'> {
    let stage: 'awaiting_second' | 'approved' = 'approved';
    await decide<{
      user_id: string;
      status: Status;
      amount_cents: number;
      first_approved_by?: string | null;
      crypto_type?: string;
    }>(kind, operatorId, id, async (trx, row) => {
      const at = clock.now();
      const amount = Number(row.amount_cents);
      if (kind === 'withdrawal' && (await isFrozen(trx, row.user_id))) throw new DomainError('user_frozen');
      const target = { type: `${kind}_request`, id };
      const first = row.first_approved_by ?? null;
      if (needsTwo(amount) && !first) {
        if (!(await table[kind].first(trx, id, operatorId, at.toISOString()))) await lost(trx, kind, id);
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: `${kind}.approve_first`,
            target,
            source,
            before: { status: 'pending', firstApprovedBy: null },
            after: { status: 'pending', firstApprovedBy: operatorId },
          },
          at,
        );
        stage = 'awaiting_second';
        return;
      }
      if (needsTwo(amount) && first === operatorId) throw new DomainError('second_approval_same_operator');
      const decided = await table[kind].decide(trx, id, {
        status: 'approved',
        at: at.toISOString(),
        by: operatorId,
        notes: null,
        ...(first ? { firstApprovedBy: first } : {}),
      });
      if (!decided) await lost(trx, kind, id);
      const after = await settle(trx, row, at);
      await recordAudit(
        trx,
        {
          actorId: operatorId,
          action: first ? `${kind}.approve_second` : `${kind}.approve`,
          target,
          source,
          before: { status: 'pending', firstApprovedBy: first },
          after: { status: 'approved', ...after },
        },
        at,
      );
    });
    return stage;
  }

  async function reject(
    kind: Kind,
    operatorId: string,
    id: string,
    reason: string | undefined,
    source: AuditSource,
    release: (trx: Trx, row: { user_id: string; amount_cents: number }, at: Date) => Promise<void>,
  ) {
    await decide<{ user_id: string; status: Status; amount_cents: number; first_approved_by?: string | null }>(
      kind,
      operatorId,
      id,
      async (trx, row) => {
        const at = clock.now();
        const why = reason?.trim() || null;
        if (
          !(await table[kind].decide(trx, id, { status: 'rejected', at: at.toISOString(), by: operatorId, notes: why }))
        )
          await lost(trx, kind, id);
        await release(trx, row, at);
        await recordAudit(
          trx,
          {
            actorId: operatorId,
            action: `${kind}.reject`,
            target: { type: `${kind}_request`, id },
            source,
            before: { status: 'pending', firstApprovedBy: row.first_approved_by ?? null },
            after: { status: 'rejected', notes: why },
          },
          at,
        );
        const amount = toDecimalString(Number(row.amount_cents));
        await email(trx, row.user_id, `${kind}_rejected`, { amount, ...(why ? { reason: why } : {}) });
      },
    );
  }

  return {
    async deposits(
      status: Status | undefined,
      cursor: string | undefined,
      limit: number,
      view: { operatorId?: string; waitingForMe?: boolean } = {},
    ): Promise<{ items: AdminDeposit[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(
        await repo.depositPage(db, {
          status,
          waitingFor: view.waitingForMe ? view.operatorId : undefined,
          after: decodeCursor(cursor),
          limit,
        }),
        limit,
      );
      const matches = await proofMatches(
        db,
        rows.map((r) => r.id),
      );
      return {
        nextCursor,
        items: rows.map((r) => ({
          ...toDeposit(r),
          processedBy: r.processed_by,
          ...review(r as ReviewRow, view.operatorId),
          user: { id: r.user_id, fullName: r.full_name, email: r.email, uid: r.uid, frozen: r.frozen_at !== null },
          sameImageAs: matches.get(r.id) ?? [],
        })),
      };
    },

    async withdrawals(
      status: Status | undefined,
      cursor: string | undefined,
      limit: number,
      view: { operatorId?: string; waitingForMe?: boolean } = {},
    ): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(
        await repo.withdrawalPage(db, {
          status,
          waitingFor: view.waitingForMe ? view.operatorId : undefined,
          after: decodeCursor(cursor),
          limit,
        }),
        limit,
      );
      return {
        nextCursor,
        items: rows.map((r) => ({
          ...toWithdrawal(r),
          processedBy: r.processed_by,
          ...review(r as ReviewRow, view.operatorId),
          user: {
            id: r.user_id,
            fullName: r.full_name,
            email: r.email,
            uid: r.uid,
            frozen: r.frozen_at !== null,
            balance: toDecimalString(Number(r.balance_cents ?? 0)),
          },
        })),
      };
    },

    approveDeposit: (operatorId: string, id: string, source: AuditSource) =>
      approve('deposit', operatorId, id, source, async (trx, row, at) => {
        const amount = Number(row.amount_cents);
        const txId = await creditDeposit(
          trx,
          { userId: row.user_id, amountCents: amount, ref: { type: 'deposit_request', id }, approvedBy: operatorId },
          at,
        );
        await repo.linkDepositTx(trx, id, txId);
        await email(trx, row.user_id, 'deposit_approved', { amount: toDecimalString(amount) });
        return { txId };
      }),

    rejectDeposit: (operatorId: string, id: string, reason: string | undefined, source: AuditSource) =>
      reject('deposit', operatorId, id, reason, source, async () => {}),

    approveWithdrawal: (operatorId: string, id: string, source: AuditSource) =>
      approve('withdrawal', operatorId, id, source, async (trx, row, at) => {
        const amount = Number(row.amount_cents);
        try {
          const txId = await post(
            trx,
            {
              type: 'withdrawal_settle',
              userId: row.user_id,
              createdBy: operatorId,
              postings: withdrawalSettlePostings(row.user_id, amount),
              ref: { type: 'withdrawal_request', id },
            },
            at,
          );
          await repo.linkWithdrawalSettleTx(trx, id, txId);
          await email(trx, row.user_id, 'withdrawal_approved', {
            amount: toDecimalString(amount),
            crypto: row.crypto_type ?? '',
          });
          return { txId };
        } catch (err) {
          if (err instanceof InsufficientFunds) throw new DomainError('user_insufficient_funds');
          throw err;
        }
      }),

    rejectWithdrawal: (operatorId: string, id: string, reason: string | undefined, source: AuditSource) =>
      reject('withdrawal', operatorId, id, reason, source, async (trx, row, at) => {
        const amount = Number(row.amount_cents);
        await post(
          trx,
          {
            type: 'withdrawal_release',
            userId: row.user_id,
            createdBy: operatorId,
            postings: withdrawalReleasePostings(row.user_id, amount),
            ref: { type: 'withdrawal_request', id },
          },
          at,
        );
      }),

    /** A link to the proof that works for 3600 s, for operators only (the route checks the role). */
    async proofLink(id: string): Promise<{ url: string; expiresAt: string }> {
      const found = await repo.findDeposit(db, id);
      if (!found) throw new DomainError('request_not_found');
      if (!found.proof_path) throw new DomainError('not_found');
      const now = clock.now();
      return {
        url: signProofLink(config.authSecret, found.proof_path, now),
        expiresAt: new Date(now.getTime() + PROOF_LINK_TTL_S * 1000).toISOString(),
      };
    },
  };
}
