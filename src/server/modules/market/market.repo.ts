import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';

export interface Snapshot {
  priceCents: number;
  fetchedAt: string;
}

export async function insertSnapshot(db: Db, symbol: string, priceCents: number, fetchedAt: string): Promise<void> {
  await db
    .insertInto('price_snapshot')
    .values({ id: randomUUID(), symbol, price_cents: priceCents, fetched_at: fetchedAt })
    .execute();
}

export async function latestSnapshot(db: Db, symbol: string): Promise<Snapshot | null> {
  const row = await db
    .selectFrom('price_snapshot')
    .select(['price_cents', 'fetched_at'])
    .where('symbol', '=', symbol)
    .orderBy('fetched_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { priceCents: Number(row.price_cents), fetchedAt: row.fetched_at } : null;
}

export async function snapshotsSince(db: Db, symbol: string, since: string, limit: number): Promise<Snapshot[]> {
  const rows = await db
    .selectFrom('price_snapshot')
    .select(['price_cents', 'fetched_at'])
    .where('symbol', '=', symbol)
    .where('fetched_at', '>=', since)
    .orderBy('fetched_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ priceCents: Number(r.price_cents), fetchedAt: r.fetched_at }));
}
