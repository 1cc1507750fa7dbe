import { sql } from 'kysely';
import type { Db } from '../../../src/server/db/index';

/**
 * Everything a refused request must leave as it was: balances, requests and their decisions,
 * investments, transfers, audit, e-mails, people (role, ban, password, 2FA, profile) and sessions.
 */
export async function stateOf(db: Db): Promise<string> {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  return JSON.stringify({
    balances: await rows(sql`select id, balance_cents from ledger_account order by id`),
    txs: await rows(sql`select count(*) as n from ledger_tx`),
    deposits: await rows(
      sql`select id, user_id, status, amount_cents, processed_by, admin_notes from deposit_request order by id`,
    ),
    withdrawals: await rows(
      sql`select id, user_id, status, amount_cents, processed_by from withdrawal_request order by id`,
    ),
    investments: await rows(sql`select id, user_id, is_active, amount_cents from investment order by id`),
    transfers: await rows(sql`select count(*) as n from internal_transfer`),
    audit: await rows(sql`select count(*) as n from audit_log`),
    outbox: await rows(sql`select count(*) as n from email_outbox`),
    alerts: await rows(sql`select id, status, resolved_by, resolution_note from monitoring_alert order by id`),
    users: await rows(sql`select id, email, name, username, role, banned, "twoFactorEnabled" from "user" order by id`),
    passwords: await rows(sql`select "userId", password from account order by "userId"`),
    profiles: await rows(
      sql`select user_id, uid, username, full_name, locale, email from user_profile order by user_id`,
    ),
    sessions: await rows(sql`select token, "userId", "impersonatedBy" from session order by token`),
  });
}
