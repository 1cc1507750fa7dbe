import type { DbHandle } from '../../db/index';
import { preparedByKey } from '../../db/prepared';

/** The payee of a transfer by UID, compiled once (every transfer reads it). */
export type PayeeLookup = ReturnType<typeof createPayeeLookup>;

export function createPayeeLookup(dbh: DbHandle) {
  return preparedByKey<{ user_id: string; uid: string; full_name: string }>(
    dbh,
    'payee_by_uid',
    'select user_id, uid, full_name from user_profile where uid = $1',
    'uid',
  );
}
