import type { Database } from '../../db/schema';
import type { Queryable, Trx } from '../ledger/ledger.repo';

export async function findProfileByUid(db: Queryable, uid: string) {
  return db.selectFrom('user_profile').select(['user_id', 'uid', 'full_name']).where('uid', '=', uid).executeTakeFirst();
}

export async function insertTransfer(trx: Trx, row: Database['internal_transfer']): Promise<void> {
  await trx.insertInto('internal_transfer').values(row).execute();
}
