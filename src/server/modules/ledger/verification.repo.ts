import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';

export interface VerificationRun {
  kind: string;
  ranAt: string;
  ok: boolean;
  problems: number;
  detail: string;
}

export async function recordVerification(db: Db, run: VerificationRun): Promise<void> {
  await db
    .insertInto('verification_run')
    .values({
      id: randomUUID(),
      kind: run.kind,
      ran_at: run.ranAt,
      ok: run.ok ? 1 : 0,
      problems: run.problems,
      detail: run.detail,
    })
    .execute();
}

export async function lastVerification(db: Db, kind: string): Promise<VerificationRun | null> {
  const row = await db
    .selectFrom('verification_run')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('ran_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? { kind: row.kind, ranAt: row.ran_at, ok: row.ok === 1, problems: Number(row.problems), detail: row.detail }
    : null;
}
