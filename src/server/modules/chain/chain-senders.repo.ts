import type { Queryable } from '../ledger/ledger.repo';
import type { ChainSenderTables } from '../../db/migrations/043_chain_senders';

export type ChainSenderRow = ChainSenderTables['chain_sender'];

/** A person's registered sending addresses of a coin (or of every coin), oldest first. */
export async function sendersOf(db: Queryable, userId: string, coin?: ChainSenderRow['coin']) {
  let q = db.selectFrom('chain_sender').selectAll().where('user_id', '=', userId);
  if (coin) q = q.where('coin', '=', coin);
  return q.orderBy('registered_at').orderBy('address').execute();
}

export async function findSender(db: Queryable, coin: ChainSenderRow['coin'], address: string) {
  return db
    .selectFrom('chain_sender')
    .selectAll()
    .where('coin', '=', coin)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** A plain insert: the primary key (coin, address) refuses an address another person registered. */
export async function insertSender(db: Queryable, row: ChainSenderRow): Promise<void> {
  await db.insertInto('chain_sender').values(row).execute();
}
