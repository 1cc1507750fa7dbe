import type { AuditFilter, AuditIntegrity, AuditPage, AuditRowView } from '../../../contracts/backoffice';
import type { AppContext } from '../../context';
import { sealHead } from '../ledger/seal.repo';
import { lastVerification } from '../ledger/verification.repo';
import { isCsvLanguage, type CsvLanguage } from '../portfolio/statement.csv';
import { auditCsv } from './audit.csv';
import * as repo from './audit-view.repo';
import { decodeCursor, encodeCursor } from '../../db/page-cursor';
import { dayBounds } from '../../http/day-range';

/** The export stops here: a bigger extract is a job for a database copy, not for a request. */
export const AUDIT_CSV_MAX_ROWS = 10_000;
const CSV_BATCH = 500;

export function toView(r: repo.AuditViewRow): AuditRowView {
  return {
    id: r.id,
    at: r.at,
    actor: { id: r.actor_id, uid: r.actor_uid ?? null, email: r.actor_email ?? null, fullName: r.actor_name ?? null },
    action: r.action,
    target: { type: r.target_type, id: r.target_id, uid: r.target_uid ?? null },
    subject: r.subject_id
      ? {
          id: r.subject_id,
          uid: r.subject_uid ?? null,
          email: r.subject_email ?? null,
          fullName: r.subject_name ?? null,
        }
      : null,
    result: r.result ?? 'ok',
    ip: r.ip ?? null,
    userAgent: r.user_agent ?? null,
    before: r.before,
    after: r.after,
  };
}

const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }) =>
  a.at === b.at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.at < b.at ? 1 : -1;

/** The operators' view of the trail: filtered keyset pages, the CSV, a user's rows, the newest seal. */
export function createAuditViewService(ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;

  /** What an operator typed → the stored ids: a UID or an e-mail names a user, anything else is taken as it is (a user id, `cli`, `anonymous`, a request id). */
  async function selection(f: AuditFilter): Promise<repo.AuditSelection> {
    const resolve = async (term: string | undefined) => (term ? ((await repo.userIdFor(db, term)) ?? term) : undefined);
    const { fromIso, beforeIso } = dayBounds(f);
    return {
      actorId: await resolve(f.actor),
      action: f.action || undefined,
      targetId: await resolve(f.target),
      from: fromIso,
      until: beforeIso,
    };
  }

  function page(rows: repo.AuditViewRow[], limit: number): AuditPage {
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      items: shown.map(toView),
      nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
    };
  }

  return {
    async page(f: AuditFilter, cursor: string | undefined, limit: number): Promise<AuditPage> {
      const after = decodeCursor(cursor, (at, id) => ({ at, id }));
      return page(await repo.auditRows(db, await selection(f), after, limit + 1), limit);
    },

    /**
     * The rows where the user acted, or that are about them (their account, or their requests,
     * verifications, alerts and conversations): two pages merged, each row once.
     */
    async ofUser(userId: string, cursor: string | undefined, limit: number): Promise<AuditPage> {
      const after = decodeCursor(cursor, (at, id) => ({ at, id }));
      const [acted, target] = await Promise.all([
        repo.auditRows(db, { actorId: userId }, after, limit + 1),
        repo.rowsAbout(db, userId, after, limit + 1),
      ]);
      const seen = new Set<string>();
      const merged = [...acted, ...target]
        .sort(newestFirst)
        .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
      return page(merged, limit);
    },

    /** In the language asked for, else the operator's own (as the statement does). */
    async csv(f: AuditFilter, lang: CsvLanguage | undefined, operatorId: string): Promise<string> {
      const stored = lang ? null : await repo.localeOf(db, operatorId);
      const language: CsvLanguage = lang ?? (isCsvLanguage(stored) ? stored : 'fr');
      const s = await selection(f);
      const rows: AuditRowView[] = [];
      let after: repo.Keyset | undefined;
      while (rows.length < AUDIT_CSV_MAX_ROWS) {
        const batch = await repo.auditRows(db, s, after, Math.min(CSV_BATCH, AUDIT_CSV_MAX_ROWS - rows.length));
        rows.push(...batch.map(toView));
        const last = batch.at(-1);
        if (!last || batch.length < CSV_BATCH) break;
        after = { at: last.at, id: last.id };
      }
      return auditCsv(rows, language);
    },

    async integrity(): Promise<AuditIntegrity> {
      const [head, run] = await Promise.all([sealHead(db), lastVerification(db, 'seals')]);
      return {
        seal: head ? { no: Number(head.no), hash: head.hash, sealedAt: head.sealed_at, rows: Number(head.rows) } : null,
        verification: run ? { ranAt: run.ranAt, ok: run.ok, problems: run.problems, detail: run.detail } : null,
      };
    },
  };
}
