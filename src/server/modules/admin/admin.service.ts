import { randomUUID } from 'node:crypto';
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
import { audit, InsufficientFunds, post, type Trx } from '../ledger/ledger.service';
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
    if (Array.isArray(value) && value.length === 2 && fits(value[0]) && fits(value[1])) return { createdAt: value[0], id: value[1] };
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

export function createAdminService(ctx: AppContext, notifier: Notifier) {
  const { db, clock, config } = ctx;

  async function notes(trx: Trx, action: string, target: { type: string; id: string }, actorId: string, before: unknown, after: unknown) {
    await audit(trx, {
      id: randomUUID(),
      actor_id: actorId,
      action,
      target_type: target.type,
      target_id: target.id,
      before: JSON.stringify(before),
      after: JSON.stringify(after),
      at: clock.now().toISOString(),
    });
  }

  async function email(trx: Trx, userId: string, template: 'deposit_approved' | 'deposit_rejected' | 'withdrawal_approved' | 'withdrawal_rejected', params: Record<string, string>) {
    const contact = await contactOf(trx, userId);
    if (!contact) return;
    await enqueueEmail(trx, { userId, to: contact.email, template, locale: contact.locale, params: params as never, now: clock.now() });
  }

  /** Runs a decision; a request that is not pending any more (or never existed) is refused. */
  async function decide<R extends { user_id: string; status: Status }>(
    kind: 'deposit' | 'withdrawal',
    find: (q: typeof db, id: string) => Promise<R | undefined>,
    id: string,
    run: (trx: Trx, row: R) => Promise<void>,
  ) {
    const found = await find(db, id);
    if (!found) throw new DomainError('request_not_found');
    if (found.status !== 'pending') throw new DomainError('request_not_pending');
    await db.transaction().execute((trx) => run(trx, found));
    notifier.requestChanged(found.user_id, kind);
  }

  return {
    async deposits(status: Status | undefined, cursor: string | undefined, limit: number): Promise<{ items: AdminDeposit[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(await repo.depositPage(db, { status, after: decodeCursor(cursor), limit }), limit);
      const matches = await proofMatches(db, rows.map((r) => r.id));
      return {
        nextCursor,
        items: rows.map((r) => ({ ...toDeposit(r), processedBy: r.processed_by, user: { id: r.user_id, fullName: r.full_name, email: r.email, uid: r.uid }, sameImageAs: matches.get(r.id) ?? [] })),
      };
    },

    async withdrawals(status: Status | undefined, cursor: string | undefined, limit: number): Promise<{ items: AdminWithdrawal[]; nextCursor: string | null }> {
      const { rows, nextCursor } = page(await repo.withdrawalPage(db, { status, after: decodeCursor(cursor), limit }), limit);
      return {
        nextCursor,
        items: rows.map((r) => ({
          ...toWithdrawal(r),
          processedBy: r.processed_by,
          user: { id: r.user_id, fullName: r.full_name, email: r.email, uid: r.uid, balance: toDecimalString(Number(r.balance_cents ?? 0)) },
        })),
      };
    },

    async approveDeposit(adminId: string, id: string): Promise<void> {
      await decide('deposit', repo.findDeposit, id, async (trx, row) => {
        const at = clock.now();
        if (!(await repo.decideDeposit(trx, id, { status: 'approved', at: at.toISOString(), by: adminId, notes: null }))) throw new DomainError('request_not_pending');
        const txId = await creditDeposit(trx, { userId: row.user_id, amountCents: Number(row.amount_cents), ref: { type: 'deposit_request', id }, approvedBy: adminId }, at);
        await repo.linkDepositTx(trx, id, txId);
        await notes(trx, 'deposit.approve', { type: 'deposit_request', id }, adminId, { status: 'pending' }, { status: 'approved', txId });
        await email(trx, row.user_id, 'deposit_approved', { amount: toDecimalString(Number(row.amount_cents)) });
      });
    },

    async rejectDeposit(adminId: string, id: string, reason: string | undefined): Promise<void> {
      await decide('deposit', repo.findDeposit, id, async (trx, row) => {
        const at = clock.now().toISOString();
        const why = reason?.trim() || null;
        if (!(await repo.decideDeposit(trx, id, { status: 'rejected', at, by: adminId, notes: why }))) throw new DomainError('request_not_pending');
        await notes(trx, 'deposit.reject', { type: 'deposit_request', id }, adminId, { status: 'pending' }, { status: 'rejected', notes: why });
        await email(trx, row.user_id, 'deposit_rejected', { amount: toDecimalString(Number(row.amount_cents)), ...(why ? { reason: why } : {}) });
      });
    },

    async approveWithdrawal(adminId: string, id: string): Promise<void> {
      await decide('withdrawal', repo.findWithdrawal, id, async (trx, row) => {
        const at = clock.now();
        if (!(await repo.decideWithdrawal(trx, id, { status: 'approved', at: at.toISOString(), by: adminId, notes: null }))) throw new DomainError('request_not_pending');
        const amount = Number(row.amount_cents);
        try {
          const txId = await post(trx, { type: 'withdrawal_settle', userId: row.user_id, createdBy: adminId, postings: withdrawalSettlePostings(row.user_id, amount), ref: { type: 'withdrawal_request', id } }, at);
          await repo.linkWithdrawalSettleTx(trx, id, txId);
        } catch (err) {
          if (err instanceof InsufficientFunds) throw new DomainError('user_insufficient_funds');
          throw err;
        }
        await notes(trx, 'withdrawal.approve', { type: 'withdrawal_request', id }, adminId, { status: 'pending' }, { status: 'approved' });
        await email(trx, row.user_id, 'withdrawal_approved', { amount: toDecimalString(amount), crypto: row.crypto_type });
      });
    },

    async rejectWithdrawal(adminId: string, id: string, reason: string | undefined): Promise<void> {
      await decide('withdrawal', repo.findWithdrawal, id, async (trx, row) => {
        const at = clock.now();
        const why = reason?.trim() || null;
        if (!(await repo.decideWithdrawal(trx, id, { status: 'rejected', at: at.toISOString(), by: adminId, notes: why }))) throw new DomainError('request_not_pending');
        const amount = Number(row.amount_cents);
        await post(trx, { type: 'withdrawal_release', userId: row.user_id, createdBy: adminId, postings: withdrawalReleasePostings(row.user_id, amount), ref: { type: 'withdrawal_request', id } }, at);
        await notes(trx, 'withdrawal.reject', { type: 'withdrawal_request', id }, adminId, { status: 'pending' }, { status: 'rejected', notes: why });
        await email(trx, row.user_id, 'withdrawal_rejected', { amount: toDecimalString(amount), ...(why ? { reason: why } : {}) });
      });
    },

    /** A link to the proof that works for 3600 s, for operators only (the route checks the role). */
    async proofLink(id: string): Promise<{ url: string; expiresAt: string }> {
      const found = await repo.findDeposit(db, id);
      if (!found) throw new DomainError('request_not_found');
      if (!found.proof_path) throw new DomainError('not_found');
      const now = clock.now();
      return { url: signProofLink(config.authSecret, found.proof_path, now), expiresAt: new Date(now.getTime() + PROOF_LINK_TTL_S * 1000).toISOString() };
    },
  };
}
