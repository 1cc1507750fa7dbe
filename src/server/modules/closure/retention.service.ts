import { randomUUID } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import {
  dueRules,
  erasureAnswer,
  horizonOf,
  retentionSchedule,
  rollingCutoff,
  rollingSecurityLogs,
  type RetentionCategory,
  type RetentionRule,
} from '../../../core/retention';
import type { AppContext } from '../../context';
import { recordAudit, type AuditSource } from '../audit/audit.service';
import type { Trx } from '../ledger/ledger.repo';
import { enqueueEmail } from '../notifications/outbox';
import type { ProofStore } from '../storage/proof-store';
import * as closureRepo from './closure.repo';
import * as repo from './retention.repo';
import { JOB_SOURCE } from './closure.service';
import { rm } from 'node:fs/promises';
import path from 'node:path';

/** What one retention action did, as the trail records it (counts and categories, no personal data). */
interface Done {
  rows?: number;
  files?: number;
  sealedRowsRedacted?: number;
  sealedRowsKept?: number;
}

/**
 * The retention schedule run for real (issue 28, item 4; decision 039): for each closed account,
 * every rule whose horizon has passed is applied once, in one transaction with its trail row; files
 * go first (a retry deletes again, nothing is left named by a row that points nowhere).
 */
export function createRetentionService(ctx: AppContext, deps: { proofs: ProofStore }) {
  const { db, clock, config } = ctx;

  const contact = (userId: string) => closureRepo.contactOf(db, userId);

  async function removeFiles(paths: string[]): Promise<number> {
    for (const p of paths) await deps.proofs.delete(p);
    return paths.length;
  }

  async function removeMails(ids: string[]): Promise<void> {
    for (const id of ids) await rm(path.join(config.mail.outboxDir, `${id}.eml`), { force: true });
  }

  /** Applies one rule to one person in one transaction with its trail row. */
  async function apply(userId: string, rule: RetentionRule, source: AuditSource): Promise<Done> {
    const now = clock.now();
    const at = now.toISOString();
    const who = await contact(userId);
    const done: Done = {};
    // Files and sent messages before the rows that name them: a failure leaves rows to retry from.
    if (rule.category === 'identity_documents') done.files = await removeFiles(await repo.storedFiles(db, userId));
    if (rule.category === 'contact_details' && who) await removeMails(await repo.outboxIds(db, userId, who.email));
    await db.transaction().execute(async (trx: Trx) => {
      switch (rule.category) {
        case 'no_legal_basis':
          await repo.deleteUnrequired(trx, userId);
          break;
        case 'sessions_security_logs': {
          await repo.purgeSecurityLogs(trx, userId, who?.email ?? null);
          const r = await repo.eraseSealed(trx, userId, { ledger_tx: [], audit_log: ['ip', 'user_agent'] });
          done.sealedRowsRedacted = r.changed;
          done.sealedRowsKept = r.kept;
          break;
        }
        case 'identity_documents':
          done.rows = await repo.deleteIdentityDocuments(trx, userId);
          break;
        case 'contact_details': {
          if (who) await repo.pseudonymiseContact(trx, userId, who.email, at);
          const r = await repo.eraseSealed(trx, userId, { ledger_tx: ['response'], audit_log: ['before', 'after'] });
          done.sealedRowsRedacted = r.changed;
          done.sealedRowsKept = r.kept;
          break;
        }
        case 'ledger_audit': {
          // By now the journal holds only the random id; what is left is redacted once more.
          const r = await repo.eraseSealed(trx, userId, {
            ledger_tx: ['response'],
            audit_log: ['before', 'after', 'ip', 'user_agent'],
          });
          done.sealedRowsRedacted = r.changed;
          done.sealedRowsKept = r.kept;
          break;
        }
      }
      await repo.markDone(trx, userId, rule.category, at);
      await recordAudit(
        trx,
        {
          actorId: 'system',
          action: `retention.${rule.action}`,
          target: { type: 'user', id: userId },
          source,
          after: { category: rule.category, basis: rule.basis, days: rule.days, ...done },
        },
        now,
      );
    });
    return done;
  }

  /** Runs every due rule of one closed account; the categories done now. */
  async function runFor(userId: string, source: AuditSource = JOB_SOURCE): Promise<RetentionCategory[]> {
    const closure = await closureRepo.findClosure(db, userId);
    if (closure?.state !== 'closed' || !closure.closed_at) return [];
    const done = await repo.doneCategories(db, userId);
    const ran: RetentionCategory[] = [];
    for (const rule of dueRules(new Date(closure.closed_at), clock.now(), done)) {
      await apply(userId, rule, source);
      ran.push(rule.category);
    }
    return ran;
  }

  /** The rolling rule, for every account: one audit row with the counts when anything went. */
  async function purgeStale(source: AuditSource): Promise<boolean> {
    const now = clock.now();
    return db.transaction().execute(async (trx: Trx) => {
      const counts = await repo.purgeStaleSecurityLogs(trx, rollingCutoff(now).toISOString());
      if (counts.sessions + counts.signInFailures + counts.devices === 0) return false;
      const r = rollingSecurityLogs;
      await recordAudit(
        trx,
        {
          actorId: 'system',
          action: `retention.${r.action}`,
          target: { type: 'retention', id: r.category },
          source,
          after: { category: r.category, basis: r.basis, days: r.days, ...counts },
        },
        now,
      );
      return true;
    });
  }

  return {
    runFor,

    /** The daily job: every closed account, in pages. */
    async runAll(source: AuditSource = JOB_SOURCE): Promise<{ accounts: number; actions: number }> {
      let after: string | null = null;
      let accounts = 0;
      let actions = 0;
      for (;;) {
        const page = await closureRepo.closedAccounts(db, 200, after);
        if (page.length === 0) break;
        for (const c of page) {
          accounts += 1;
          actions += (await runFor(c.user_id, source)).length;
        }
        after = page.at(-1)!.user_id;
      }
      if (await purgeStale(source)) actions += 1;
      // On SQLite the log still holds the pages as they were before: copied and cut, they are gone.
      if (actions > 0 && ctx.dialect === 'sqlite') await repo.truncateSqliteLog(db);
      return { accounts, actions };
    },

    /** What is kept for one account, on which basis, until when (the operator's command). */
    async status(userId: string) {
      const closure = await closureRepo.findClosure(db, userId);
      const done = await repo.doneCategories(db, userId);
      const closedAt = closure?.closed_at ? new Date(closure.closed_at) : null;
      return {
        userId,
        state: closure?.state ?? null,
        closedAt: closure?.closed_at ?? null,
        schedule: retentionSchedule.map((r) => ({
          category: r.category,
          action: r.action,
          basis: r.basis,
          until: closedAt ? horizonOf(r, closedAt).toISOString() : null,
          done: done.has(r.category),
        })),
        erasureAnswers: await repo.erasureAnswers(db, userId),
      };
    },

    /**
     * An erasure request (GDPR art. 17) of a closed account: what no rule keeps any longer is erased
     * now, the rest stays until its horizon; the dated answer is stored, e-mailed and shown.
     */
    async erasureRequest(userId: string, source: AuditSource) {
      const closure = await closureRepo.findClosure(db, userId);
      if (closure?.state !== 'closed' || !closure.closed_at) throw new DomainError('closure_not_closed');
      await runFor(userId, source);
      const now = clock.now();
      const answer = erasureAnswer(new Date(closure.closed_at), now, await repo.doneCategories(db, userId));
      const who = await contact(userId);
      await db.transaction().execute(async (trx: Trx) => {
        await repo.insertErasureRequest(trx, {
          id: randomUUID(),
          user_id: userId,
          requested_at: answer.at,
          answer: JSON.stringify(answer),
        });
        await recordAudit(
          trx,
          {
            actorId: userId,
            action: 'retention.erasure_request',
            target: { type: 'user', id: userId },
            source,
            after: answer,
          },
          now,
        );
        // No address left once contact details are erased: the answer is then shown only.
        if (who && !answer.erased.includes('contact_details'))
          await enqueueEmail(trx, {
            userId,
            to: who.email,
            template: 'erasure_answer',
            locale: who.locale,
            params: {
              at: answer.at,
              erased: answer.erased,
              remaining: answer.remaining.map((r) => ({ category: r.category, until: r.until })),
            },
            now,
          });
      });
      return answer;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
