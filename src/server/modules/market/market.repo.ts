import { randomUUID } from 'node:crypto';
import type { RateMicros } from '../../../core/coins';
import type { Db } from '../../db/index';

export interface Snapshot {
  priceCents: number;
  /** Micro-dollars per coin; for a row stored before they were kept, the cents × 10^4. */
  priceMicros: RateMicros;
  fetchedAt: string;
}

export async function insertSnapshot(
  db: Db,
  symbol: string,
  priceCents: number,
  fetchedAt: string,
  priceMicros?: RateMicros,
): Promise<void> {
  await db
    .insertInto('price_snapshot')
    .values({
      id: randomUUID(),
      symbol,
      price_cents: priceCents,
      // At most 10^15 (MAX_RATE_MICROS): exact as a number.
      price_micros: priceMicros === undefined ? null : Number(priceMicros),
      fetched_at: fetchedAt,
    })
    .execute();
}

type Row = { price_cents: number; price_micros?: number | string | null; fetched_at: string };

const toSnapshot = (r: Row): Snapshot => ({
  priceCents: Number(r.price_cents),
  priceMicros: r.price_micros == null ? BigInt(r.price_cents) * 10_000n : BigInt(r.price_micros),
  fetchedAt: r.fetched_at,
});

export async function latestSnapshot(db: Db, symbol: string): Promise<Snapshot | null> {
  const row = await db
    .selectFrom('price_snapshot')
    .select(['price_cents', 'price_micros', 'fetched_at'])
    .where('symbol', '=', symbol)
    .orderBy('fetched_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

export async function snapshotsSince(db: Db, symbol: string, since: string, limit: number): Promise<Snapshot[]> {
  const rows = await db
    .selectFrom('price_snapshot')
    .select(['price_cents', 'price_micros', 'fetched_at'])
    .where('symbol', '=', symbol)
    .where('fetched_at', '>=', since)
    .orderBy('fetched_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map(toSnapshot);
}
