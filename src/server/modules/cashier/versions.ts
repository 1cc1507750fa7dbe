import { DomainError } from '../../../core/errors';
import { investorReason, isRejectionReason } from '../../../core/rejection-reasons';
import type { Step } from '../ledger/plan';
import type { Queryable } from '../ledger/ledger.repo';
import * as repo from './cashier.repo';
import type { RequestTable, VersionColumns } from './cashier.repo';

/**
 * Corrected requests (issue 26, item 5): a rejected deposit or withdrawal whose reason allows it
 * is sent again as its next version, linked to it, up to `CORRECTION_MAX_VERSIONS` versions.
 */

/** What a listing knows to tell whether a rejected request can still be corrected. */
export interface VersionView {
  /** Ids of the requests that already have a next version. */
  corrected: ReadonlySet<string>;
  maxVersions: number;
}

type Versioned = Pick<VersionColumns, 'reason_code' | 'reason_retryable' | 'version' | 'previous_id'> & {
  id: string;
  status: string;
};

/** The rejection as the person sees it: the investor-facing code and whether "Corriger" is offered. */
export function rejectionOf(row: Partial<Versioned> & { id: string; status: string }, view?: VersionView) {
  if (row.status !== 'rejected' || !isRejectionReason(row.reason_code)) return null;
  return {
    reason: investorReason(row.reason_code),
    canCorrect:
      view !== undefined &&
      row.reason_retryable === 1 &&
      !view.corrected.has(row.id) &&
      (row.version ?? 1) < view.maxVersions,
  };
}

/** The versioning fields of the contracts' request shapes. */
export function versionFields(row: Partial<Versioned> & { id: string; status: string }, view?: VersionView) {
  return { rejection: rejectionOf(row, view), version: row.version ?? 1, previousId: row.previous_id ?? null };
}

/** Of some rows listed newest first, those that a later row of the same list corrects. */
export function correctedAmong(rows: ReadonlyArray<{ previous_id?: string | null }>): Set<string> {
  return new Set(rows.flatMap((r) => (r.previous_id ? [r.previous_id] : [])));
}

/** The columns a correction writes: the link to the rejected request, its chain and its number. */
export interface Correction {
  previous_id: string;
  root_id: string;
  version: number;
}

/**
 * Reads the rejected request being corrected and decides whether it may be: the person's own,
 * rejected for a retryable reason, not corrected yet, under the cap. A deposit calls it inside its
 * filing transaction (the person's filings serialized); a withdrawal before its plan, whose steps
 * (`correctionSteps`) decide again where nothing can race.
 */
export async function correctionOf(
  db: Queryable,
  table: RequestTable,
  userId: string,
  previousId: string,
  maxVersions: number,
): Promise<Correction> {
  const prev = await repo.findOwnRequest(db, table, userId, previousId);
  if (!prev || prev.status !== 'rejected' || prev.reason_retryable !== 1)
    throw new DomainError('correction_not_allowed');
  if ((prev.version ?? 1) >= maxVersions) throw new DomainError('correction_limit_reached', { max: maxVersions });
  if (await repo.hasNextVersion(db, table, previousId)) throw new DomainError('correction_superseded');
  return { previous_id: prev.id, root_id: prev.root_id ?? prev.id, version: (prev.version ?? 1) + 1 };
}

/**
 * The same rule as steps of a movement's plan: the rejected request, held until the commit, is the
 * person's, retryable and under the cap, and has no next version yet (two corrections at once: the
 * second waits on the held row, then finds the first one's version and is refused).
 */
export function correctionSteps(table: RequestTable, userId: string, c: Correction, maxVersions: number): Step[] {
  return [
    {
      do: 'require',
      table,
      where: { id: c.previous_id, user_id: userId, status: 'rejected', reason_retryable: 1 },
      lock: true,
      refuse: { code: 'correction_not_allowed' },
    },
    {
      do: 'require',
      table,
      where: { id: c.previous_id, version: { lt: maxVersions } },
      refuse: { code: 'correction_limit_reached', params: () => ({ max: maxVersions }) },
    },
    {
      do: 'forbid',
      table,
      where: { previous_id: c.previous_id },
      lock: true,
      refuse: { code: 'correction_superseded' },
    },
  ];
}
