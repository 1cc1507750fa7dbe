import type { DbHandle } from '../../db/index';
import { preparedByKey } from '../../db/prepared';

export interface SessionCaller {
  token: string;
  userId: string;
  role: string | null;
  locale: 'fr' | 'en' | 'es' | null;
  expiresAt: string | Date;
  /** The state of the account's closure (decision 039), null when none was asked for. */
  closure: string | null;
}

/**
 * The caller of a session token, read on every authenticated request (nothing cached: a revoked
 * session fails on its next request), with the state of the account's closure, which every money
 * write checks (a closed account moves no money: the check costs no query of its own), compiled once (db/prepared.ts; on PostgreSQL the lookups of
 * one turn of the event loop share a round trip).
 */
export function createSessionLookup(dbh: DbHandle): (token: string) => Promise<SessionCaller | undefined> {
  return preparedByKey<SessionCaller>(
    dbh,
    'session_caller',
    `select "session"."token" as "token", "user"."id" as "userId", "user"."role" as "role", "user_profile"."locale" as "locale", "session"."expiresAt" as "expiresAt", "account_closure"."state" as "closure"
     from "session" inner join "user" on "user"."id" = "session"."userId" left join "user_profile" on "user_profile"."user_id" = "user"."id"
     left join "account_closure" on "account_closure"."user_id" = "user"."id"
     where "session"."token" = $1`,
    'token',
  );
}
