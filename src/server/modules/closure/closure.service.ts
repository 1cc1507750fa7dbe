import { accountId, type UserAccountKind } from '../../../core/ledger';
import { closureStateOf, closureWaits, mayCancel, type ClosureState, type ClosureWait } from '../../../core/closure';
import { DomainError } from '../../../core/errors';
import { toDecimalString } from '../../../core/money';
import { horizonOf, retentionSchedule } from '../../../core/retention';
import type { ClosureView, ClosureWaitView } from '../../../contracts/closure';
import type { AppContext } from '../../context';
import { auditRow, recordAudit, type AuditSource } from '../audit/audit.service';
import type { Movements } from '../ledger/movement';
import type { Caller, SessionService } from '../accounts/session.service';
import { insert, type Step } from '../ledger/plan';
import type { Notifier } from '../notifier';
import { enqueueEmail, outboxRow, type TemplateName, type TemplateParams } from '../notifications/outbox';
import type { Trx } from '../ledger/ledger.repo';
import * as repo from './closure.repo';
import * as retentionRepo from './retention.repo';

export const JOB_SOURCE: AuditSource = { ip: null, userAgent: 'closure-job' };
const userKinds: UserAccountKind[] = ['available', 'invested', 'withdrawal_hold'];

export interface ClosureDeps {
  movements: Movements;
  notifier: Notifier;
  /** Re-authentication before a closure is asked: the password, and the second factor when on (as for an export). */
  sessions: Pick<SessionService, 'confirmIdentity'>;
  /** Runs once an account is closed: the retention rules due at closure (what no law keeps) go at once. */
  afterClose?(userId: string): Promise<unknown>;
}

function waitView(w: ClosureWait): ClosureWaitView {
  switch (w.kind) {
    case 'investment_locked':
      return {
        kind: w.kind,
        id: w.id,
        area: w.area,
        amount: toDecimalString(w.amountCents),
        until: w.until.toISOString(),
      };
    case 'investment_active':
      return { kind: w.kind, id: w.id, area: w.area, amount: toDecimalString(w.amountCents) };
    case 'deposit_pending':
    case 'withdrawal_pending':
      return { kind: w.kind, id: w.id, amount: toDecimalString(w.amountCents), since: w.since.toISOString() };
    case 'identity_pending':
      return { kind: w.kind, id: w.id, since: w.since.toISOString() };
    case 'balance':
      return {
        kind: w.kind,
        amount: toDecimalString(w.amountCents),
        withdrawalLockedUntil: w.withdrawalLockedUntil?.toISOString() ?? null,
      };
  }
}

/** The latest date among the locks a closure waits for (what the e-mail says). */
function lastLockEnd(waits: ClosureWait[]): string | null {
  const ends = waits.flatMap((w) => (w.kind === 'investment_locked' ? [w.until.getTime()] : []));
  return ends.length ? new Date(Math.max(...ends)).toISOString() : null;
}

/**
 * Account closure (issue 28, item 3; decision 039): asked from the profile after the password,
 * cancelled until closed, advanced by the job and after the person's own money events. Each move is
 * in the sealed trail and e-mailed in the person's language. The last move is a plan: it locks the
 * person's three balances, requires them at zero and nothing pending, in one transaction.
 */
export function createClosureService(ctx: AppContext, deps: ClosureDeps) {
  const { db, clock } = ctx;

  async function profile(userId: string) {
    const p = await repo.contactOf(db, userId);
    if (!p) throw new DomainError('profile_not_found');
    return p;
  }

  /** A step of the closure: its audit row and the person's e-mail, in the step's own transaction. */
  async function recordStep<T extends TemplateName>(
    trx: Trx,
    step: {
      userId: string;
      actorId: string;
      action: string;
      source: AuditSource;
      before?: Record<string, unknown>;
      after: Record<string, unknown>;
      to: { email: string; locale: string };
      template: T;
      params: TemplateParams[T];
      now: Date;
    },
  ): Promise<void> {
    const { userId, now } = step;
    await recordAudit(
      trx,
      {
        actorId: step.actorId,
        action: step.action,
        target: { type: 'user', id: userId },
        source: step.source,
        ...(step.before ? { before: step.before } : {}),
        after: step.after,
      },
      now,
    );
    await enqueueEmail(trx, {
      userId,
      to: step.to.email,
      template: step.template,
      locale: step.to.locale,
      params: step.params,
      now,
    });
  }

  async function view(userId: string): Promise<ClosureView> {
    const now = clock.now();
    const [closure, facts, done, answers] = await Promise.all([
      repo.findClosure(db, userId),
      repo.closureFacts(db, userId),
      retentionRepo.doneCategories(db, userId),
      retentionRepo.erasureAnswers(db, userId),
    ]);
    const closedAt = closure?.closed_at ? new Date(closure.closed_at) : null;
    return {
      state: closure?.state ?? null,
      requestedAt: closure?.requested_at ?? null,
      closedAt: closure?.closed_at ?? null,
      waits: closure && closure.state !== 'closed' ? closureWaits(facts, now).map(waitView) : [],
      canCancel: closure ? mayCancel(closure.state) : false,
      retention: closedAt
        ? retentionSchedule.map((r) => ({
            category: r.category,
            basis: r.basis,
            until: horizonOf(r, closedAt).toISOString(),
            done: done.has(r.category),
          }))
        : [],
      erasureAnswers: answers,
    };
  }

  /**
   * Closes for good: a plan without money whose steps lock and check every balance and pending item.
   * `keepSession`: the session of the person's own request that closed it, which stays signed in to
   * the read-only page, so that they see what happened (decision 049).
   */
  async function close(
    userId: string,
    from: ClosureState,
    p: { email: string; locale: string },
    source: AuditSource,
    keepSession?: string,
  ) {
    const now = clock.now();
    const at = now.toISOString();
    const steps: Step[] = [
      // Locked whatever their balance: a credit in flight on PostgreSQL holds its row, and this
      // waits for it, then sees its balance (decision 039).
      ...userKinds.map((kind): Step => ({
        do: 'require',
        table: 'ledger_account',
        where: { id: accountId({ owner: userId, kind }), balance_cents: 0 },
        lock: true,
        refuse: { code: 'closure_not_closed' },
      })),
      {
        do: 'forbid',
        table: 'investment',
        where: { user_id: userId, is_active: 1 },
        refuse: { code: 'closure_not_closed' },
      },
      ...(['deposit_request', 'withdrawal_request', 'identity_verification'] as const).map((table): Step => ({
        do: 'forbid',
        table,
        where: { user_id: userId, status: 'pending' },
        refuse: { code: 'closure_not_closed' },
      })),
      {
        do: 'update',
        table: 'account_closure',
        set: { state: 'closed', state_at: at, closed_at: at },
        where: { user_id: userId, state: from },
        refuse: { code: 'closure_not_closed' },
      },
      insert(
        'audit_log',
        auditRow(
          {
            actorId: 'system',
            action: 'closure.closed',
            target: { type: 'user', id: userId },
            source,
            before: { state: from },
            after: {
              state: 'closed',
              revoked: ['sessions', 'two_factor', 'known_devices'],
              ...(keepSession ? { kept: 'the session of the request that closed it' } : {}),
            },
          },
          now,
        ),
      ),
      insert(
        'email_outbox',
        outboxRow({ userId, to: p.email, template: 'account_closed', locale: p.locale, params: { at }, now }),
      ),
    ];
    try {
      await deps.movements.apply({ userId, key: undefined, request: null }, { steps, respond: () => undefined }, now);
    } catch (err) {
      // Money or a request arrived meanwhile: the closure stays open, the next pass sees why.
      if (err instanceof DomainError && err.code === 'closure_not_closed') return false;
      throw err;
    }
    await revoke(userId, keepSession);
    await deps.afterClose?.(userId);
    return true;
  }

  /** At closure: every session (but `keepSession`), the second factor and the known devices go (the password stays). */
  async function revoke(userId: string, keepSession?: string) {
    await db.transaction().execute((trx) => repo.revokeAccess(trx, userId, ctx.dialect, keepSession));
  }

  /**
   * Moves an open closure to the state its facts call for; true when it moved. Safe to call at any
   * time and from anywhere (the job, a route after a money event): a move is conditional on the
   * state it was read in. `keepSession`: the person's own request's session, kept if it closes.
   */
  async function advance(userId: string, source: AuditSource = JOB_SOURCE, keepSession?: string): Promise<boolean> {
    const closure = await repo.findClosure(db, userId);
    if (!closure || closure.state === 'closed') return false;
    const now = clock.now();
    const facts = await repo.closureFacts(db, userId);
    const next = closureStateOf(facts, now);
    const p = await profile(userId);
    if (next === 'closed') {
      const closed = await close(userId, closure.state, p, source, keepSession);
      if (closed) deps.notifier.userChanged(userId, 'balance');
      return closed;
    }
    if (next === closure.state) return false;
    const at = now.toISOString();
    const moved = await db.transaction().execute(async (trx) => {
      if (!(await repo.moveClosure(trx, userId, closure.state, next, at))) return false;
      await recordStep(trx, {
        userId,
        actorId: 'system',
        action: 'closure.moved',
        source,
        before: { state: closure.state },
        after: { state: next },
        to: p,
        template: 'closure_waiting',
        params: { state: next, until: next === 'waiting_locks' ? lastLockEnd(closureWaits(facts, now)) : null },
        now,
      });
      return true;
    });
    if (moved) deps.notifier.userChanged(userId, 'balance');
    return moved;
  }

  return {
    view,
    advance,
    revoke,

    async request(
      caller: Caller,
      userId: string,
      reauth: { password: string; code?: string },
      source: AuditSource,
    ): Promise<ClosureView> {
      await deps.sessions.confirmIdentity(caller, userId, reauth);
      const p = await profile(userId);
      const now = clock.now();
      const at = now.toISOString();
      await db.transaction().execute(async (trx) => {
        const existing = await repo.findClosure(trx, userId);
        if (existing?.state === 'closed') throw new DomainError('closure_already_closed');
        if (!(await repo.insertClosure(trx, userId, at))) throw new DomainError('closure_already_requested');
        // The three balances exist from now on, so the closing plan can lock each (decision 039).
        await repo.ensureAccounts(trx, userId, userKinds, at);
        await recordStep(trx, {
          userId,
          actorId: userId,
          action: 'closure.requested',
          source,
          after: { state: 'requested' },
          to: p,
          template: 'closure_requested',
          params: { at },
          now,
        });
      });
      await advance(userId, source);
      return view(userId);
    },

    async cancel(userId: string, source: AuditSource): Promise<ClosureView> {
      const p = await profile(userId);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const existing = await repo.findClosure(trx, userId);
        if (!existing) throw new DomainError('closure_not_found');
        if (!mayCancel(existing.state) || !(await repo.deleteOpenClosure(trx, userId)))
          throw new DomainError('closure_already_closed');
        await recordStep(trx, {
          userId,
          actorId: userId,
          action: 'closure.cancelled',
          source,
          before: { state: existing.state },
          after: { state: null },
          to: p,
          template: 'closure_cancelled',
          params: { at: now.toISOString() },
          now,
        });
      });
      deps.notifier.userChanged(userId, 'balance');
      return view(userId);
    },

    /** The job: every open closure, once. */
    async advanceAll(batch = 500): Promise<number> {
      let moved = 0;
      for (const c of await repo.openClosures(db, batch)) if (await advance(c.user_id)) moved += 1;
      return moved;
    },
  };
}

export type ClosureService = ReturnType<typeof createClosureService>;
