import type { Database } from '../../db/schema';
import type { Queryable } from '../ledger/ledger.repo';

export type DepositAddressRow = Database['deposit_address'];

export async function findAddressOf(db: Queryable, userId: string, coin: DepositAddressRow['coin']) {
  return db
    .selectFrom('deposit_address')
    .selectAll()
    .where('user_id', '=', userId)
    .where('coin', '=', coin)
    .executeTakeFirst();
}

/** The next index to try for a coin: one above the highest given (0 for the first). */
export async function nextIndex(db: Queryable, coin: DepositAddressRow['coin']): Promise<number> {
  const row = await db
    .selectFrom('deposit_address')
    .select((eb) => eb.fn.max('derivation_index').as('highest'))
    .where('coin', '=', coin)
    .executeTakeFirst();
  return row?.highest === null || row?.highest === undefined ? 0 : Number(row.highest) + 1;
}

/** A single statement: a unique key it breaks throws, and nothing is written. */
export async function insertAddress(db: Queryable, row: DepositAddressRow): Promise<void> {
  await db.insertInto('deposit_address').values(row).execute();
}

/** Per coin and account key: how many addresses were given and the highest index. */
export async function allocationStats(db: Queryable) {
  const rows = await db
    .selectFrom('deposit_address')
    .select(['coin', 'key_fingerprint'])
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('derivation_index').as('highest')])
    .groupBy(['coin', 'key_fingerprint'])
    .orderBy('coin')
    .orderBy('key_fingerprint')
    .execute();
  return rows.map((r) => ({
    coin: r.coin,
    keyFingerprint: r.key_fingerprint,
    count: Number(r.count),
    highest: Number(r.highest),
  }));
}
