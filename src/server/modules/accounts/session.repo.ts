import type { DbHandle } from '../../db/index';
import { preparedByKey } from '../../db/prepared';

export interface SessionCaller {
  token: string;
  userId: string;
  role: string | null;
  locale: 'fr' | 'en' | 'es' | null;
  expiresAt: string | Date;
}

/**
 * The caller of a session token, read on every authenticated request (nothing cached: a revoked
 * session fails on its next request), compiled once (db/prepared.ts; on PostgreSQL the lookups of
 * one turn of the event loop share a round trip).
 */
export function createSessionLookup(dbh: DbHandle): (token: string) => Promise<SessionCaller | undefined> {
  return preparedByKey<SessionCaller>(
    dbh,
    'session_caller',
    `select "session"."token" as "token", "user"."id" as "userId", "user"."role" as "role", "user_profile"."locale" as "locale", "session"."expiresAt" as "expiresAt"
     from "session" inner join "user" on "user"."id" = "session"."userId" left join "user_profile" on "user_profile"."user_id" = "user"."id"
     where "session"."token" = $1`,
    'token',
  );
}
