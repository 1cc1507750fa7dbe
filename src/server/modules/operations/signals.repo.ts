import type { Db } from '../../db/index';

/** What an operator watches, read for /metrics at each scrape: a handful of small aggregate queries. */

export async function outboxCounts(db: Db): Promise<Array<{ status: string; count: number }>> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('status', 'in', ['pending', 'sending', 'failed'])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

export async function liveLeases(
  db: Db,
  now: Date,
): Promise<Array<{ name: string; holder: string; expiresAt: string }>> {
  const rows = await db.selectFrom('job_lease').selectAll().where('expires_at', '>', now.toISOString()).execute();
  return rows.map((r) => ({ name: r.name, holder: r.holder, expiresAt: r.expires_at }));
}
