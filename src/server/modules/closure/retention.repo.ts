import { sql } from 'kysely';
import type { RetentionCategory } from '../../../core/retention';
import type { ErasureAnswerView } from '../../../contracts/closure';
import type { Queryable } from '../ledger/ledger.repo';
import { ERASED, commitment, erasableColumns, plainRowHash, sealedColumns, type SealKind } from '../ledger/seal';

export async function doneCategories(q: Queryable, userId: string): Promise<Set<RetentionCategory>> {
  const rows = await q.selectFrom('retention_action').select('category').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.category as RetentionCategory));
}

export async function markDone(q: Queryable, userId: string, category: RetentionCategory, at: string) {
  await q
    .insertInto('retention_action')
    .values({ user_id: userId, category, done_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'category']).doNothing())
    .execute();
}

export async function erasureAnswers(q: Queryable, userId: string): Promise<ErasureAnswerView[]> {
  const rows = await q
    .selectFrom('erasure_request')
    .select('answer')
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .execute();
  return rows.map((r) => JSON.parse(r.answer) as ErasureAnswerView);
}

export async function insertErasureRequest(
  q: Queryable,
  row: { id: string; user_id: string; requested_at: string; answer: string },
) {
  await q.insertInto('erasure_request').values(row).execute();
}

/** The person's stored files: identity images and deposit proofs. */
export async function storedFiles(q: Queryable, userId: string): Promise<string[]> {
  const [ids, deposits] = await Promise.all([
    q
      .selectFrom('identity_verification')
      .select(['front_path', 'back_path', 'selfie_path', 'address_path'])
      .where('user_id', '=', userId)
      .execute(),
    q.selectFrom('deposit_request').select('proof_path').where('user_id', '=', userId).execute(),
  ]);
  const paths = [
    ...ids.flatMap((r) => [r.front_path, r.back_path, r.selfie_path, r.address_path]),
    ...deposits.map((d) => d.proof_path),
  ];
  return paths.filter((p): p is string => typeof p === 'string' && p !== '' && !p.startsWith(ERASED));
}

/** Deletes the identity submissions, their fingerprints and matches, and the deposit proofs' traces. */
export async function deleteIdentityDocuments(q: Queryable, userId: string): Promise<number> {
  const paths = (await storedFiles(q, userId)).filter((p) => p !== '');
  if (paths.length) {
    await q.deleteFrom('identity_match').where('path', 'in', paths).execute();
    await q.deleteFrom('identity_match').where('other_path', 'in', paths).execute();
  }
  await q.deleteFrom('identity_fingerprint').where('user_id', '=', userId).execute();
  const deposits = q.selectFrom('deposit_request').select('id').where('user_id', '=', userId);
  await q.deleteFrom('proof_match').where('deposit_id', 'in', deposits).execute();
  await q.deleteFrom('proof_match').where('other_deposit_id', 'in', deposits).execute();
  await q.deleteFrom('proof_fingerprint').where('user_id', '=', userId).execute();
  await q.updateTable('deposit_request').set({ proof_path: '' }).where('user_id', '=', userId).execute();
  const r = await q.deleteFrom('identity_verification').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Sessions, devices, second factor, security settings, sign-in failures and rate-limit rows of the person. */
export async function purgeSecurityLogs(q: Queryable, userId: string, email: string | null): Promise<void> {
  await q.deleteFrom('session').where('userId', '=', userId).execute();
  await sql`delete from "twoFactor" where "userId" = ${userId}`.execute(q);
  await q.deleteFrom('known_device').where('user_id', '=', userId).execute();
  await q.deleteFrom('account_security').where('user_id', '=', userId).execute();
  if (email) await q.deleteFrom('sign_in_failure').where('account', '=', email.toLowerCase()).execute();
  await q.deleteFrom('rate_limit').where('key', 'like', `%${userId}%`).execute();
}

/** The outbox rows of the person (to delete with their .eml files). */
export async function outboxIds(q: Queryable, userId: string, email: string): Promise<string[]> {
  const rows = await q
    .selectFrom('email_outbox')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('to_address', '=', email)]))
    .execute();
  return rows.map((r) => r.id);
}

/** Replaces every personal field of the person by a pseudonym derived from their random id. */
export async function pseudonymiseContact(q: Queryable, userId: string, email: string, at: string) {
  const alias = `erased-${userId}`;
  const erasedEmail = `${alias}@erased.invalid`;
  await q.deleteFrom('email_outbox').where('user_id', '=', userId).execute();
  await q.deleteFrom('email_outbox').where('to_address', '=', email).execute();
  await sql`delete from "verification" where "identifier" = ${email} or "value" like ${`%${userId}%`}`.execute(q);
  await q.deleteFrom('account').where('userId', '=', userId).execute();
  await q
    .updateTable('user')
    .set({
      name: alias,
      email: erasedEmail,
      username: null,
      displayUsername: null,
      image: null,
      updatedAt: at,
    } as never)
    .where('id', '=', userId)
    .execute();
  await q
    .updateTable('user_profile')
    .set({
      username: alias,
      first_name: '',
      last_name: '',
      full_name: alias,
      email: erasedEmail,
      birth_date: '',
      phone: '',
      updated_at: at,
    })
    .where('user_id', '=', userId)
    .execute();
  await q.deleteFrom('user_search_term').where('user_id', '=', userId).execute();
  await q
    .updateTable('withdrawal_request')
    .set({ wallet_address: ERASED, admin_notes: null, internal_note: null })
    .where('user_id', '=', userId)
    .execute();
  await q
    .updateTable('deposit_request')
    .set({ admin_notes: null, internal_note: null })
    .where('user_id', '=', userId)
    .execute();
  await q.updateTable('identity_verification').set({ internal_note: null }).where('user_id', '=', userId).execute();
  await q.updateTable('account_freeze').set({ reason: '' }).where('user_id', '=', userId).execute();
  await q.updateTable('monitoring_alert').set({ resolution_note: null }).where('user_id', '=', userId).execute();
  await deleteUnrequired(q, userId);
}

/** What no law keeps once the account is closed. */
export async function deleteUnrequired(q: Queryable, userId: string): Promise<void> {
  const conversations = q.selectFrom('support_conversation').select('id').where('user_id', '=', userId);
  await q.deleteFrom('support_message').where('conversation_id', 'in', conversations).execute();
  await q.deleteFrom('support_conversation').where('user_id', '=', userId).execute();
  await q.deleteFrom('performance_history').where('user_id', '=', userId).execute();
  await q.deleteFrom('liability_nonce').where('user_id', '=', userId).execute();
}

/**
 * The sealed rows about the person whose erasable columns still hold something: their journal rows
 * (answers kept for replays), the journal rows of transfers they received (the sender's answer
 * names them), and the audit rows they acted in or were the target of.
 */
async function sealedRowsOf(q: Queryable, userId: string) {
  const received = q.selectFrom('internal_transfer').select('tx_id').where('recipient_id', '=', userId);
  const [txs, audits] = await Promise.all([
    q
      .selectFrom('ledger_tx')
      .select(sealedColumns.ledger_tx as 'id'[])
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('id', 'in', received)]))
      .where('response', 'is not', null)
      .execute(),
    q
      .selectFrom('audit_log')
      .select(sealedColumns.audit_log as 'id'[])
      .where((eb) => eb.or([eb('target_id', '=', userId), eb('actor_id', '=', userId)]))
      // Closure and retention rows are written without personal data: they stay readable, as the
      // record of what was done.
      .where('action', 'not like', 'closure.%')
      .where('action', 'not like', 'retention.%')
      .execute(),
  ]);
  return { txs, audits };
}

/** Whether a seal recorded this row in the plain form (before decision 039): such a row cannot be erased. */
async function sealedPlain(q: Queryable, kind: SealKind, row: Record<string, unknown>): Promise<boolean> {
  const needle = `${kind}:${String(row.id)}:${plainRowHash(kind, row as never)}`;
  const found = await sql<{ no: number }>`select no from ledger_seal where items like ${`%${needle}%`} limit 1`.execute(
    q,
  );
  return found.rows.length > 0;
}

/**
 * Replaces the given erasable columns of the person's sealed rows by their commitments (the seal
 * still verifies). Returns how many rows were changed and how many stay as they are (sealed in the
 * plain form).
 */
export async function eraseSealed(
  q: Queryable,
  userId: string,
  which: { ledger_tx: string[]; audit_log: string[] },
): Promise<{ changed: number; kept: number }> {
  const { txs, audits } = await sealedRowsOf(q, userId);
  let changed = 0;
  let kept = 0;
  const redact = async (
    kind: SealKind,
    table: 'ledger_tx' | 'audit_log',
    row: Record<string, unknown>,
    cols: string[],
  ) => {
    const set: Record<string, string> = {};
    for (const c of cols) {
      if (!erasableColumns[kind]!.includes(c)) throw new Error(`${kind}.${c} is not erasable`);
      const v = row[c];
      if (v === null || v === undefined || String(v).startsWith(ERASED)) continue;
      set[c] = ERASED + commitment(row as never, c);
    }
    if (Object.keys(set).length === 0) return;
    if (await sealedPlain(q, kind, row)) return void (kept += 1);
    await q
      .updateTable(table)
      .set(set as never)
      .where('id', '=', row.id as never)
      .execute();
    changed += 1;
  };
  for (const row of txs) await redact('ledger_tx', 'ledger_tx', row, which.ledger_tx);
  for (const row of audits) await redact('audit_log', 'audit_log', row, which.audit_log);
  return { changed, kept };
}

/** On SQLite the log still holds pages as they were: copied into the file and cut, they are gone. */
export async function truncateSqliteLog(q: Queryable): Promise<void> {
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(q);
}

/**
 * Every account's sessions expired before `before`, sign-in failures last seen before it and
 * devices not seen since: how many rows of each went.
 */
export async function purgeStaleSecurityLogs(
  q: Queryable,
  before: string,
): Promise<{ sessions: number; signInFailures: number; devices: number }> {
  const gone = (r: { numDeletedRows: bigint }) => Number(r.numDeletedRows);
  return {
    sessions: gone(await q.deleteFrom('session').where('expiresAt', '<', before).executeTakeFirst()),
    signInFailures: gone(await q.deleteFrom('sign_in_failure').where('last_at', '<', before).executeTakeFirst()),
    devices: gone(await q.deleteFrom('known_device').where('last_seen_at', '<', before).executeTakeFirst()),
  };
}
