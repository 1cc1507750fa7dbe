import type { Db } from '../../db/index';

/**
 * Every query that reads one person's data for their export (decision 038). SQL only: what each
 * column becomes, and which columns are left out and why, is in collect.ts and classification.ts.
 */

export async function profileRows(db: Db, userId: string) {
  const profile = await db.selectFrom('user_profile').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified', 'twoFactorEnabled', 'createdAt', 'name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const security = await db
    .selectFrom('account_security')
    .select(['password_changed_at', 'second_factor_removed_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const freeze = await db
    .selectFrom('account_freeze')
    .select('frozen_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { profile, user, security, freeze };
}

export function balanceRows(db: Db, userId: string) {
  return db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'balance_cents'])
    .where('owner_id', '=', userId)
    .orderBy('kind')
    .execute();
}

/** Every entry on the person's own ledger accounts, in the order they were written. */
export function ledgerRows(db: Db, userId: string) {
  return db
    .selectFrom('ledger_entry as e')
    .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_tx as t', 't.id', 'e.tx_id')
    .select([
      'e.id as entry_id',
      'e.tx_id',
      'e.amount_cents',
      'a.kind as account_kind',
      't.type',
      't.created_at',
      't.ref_type',
      't.ref_id',
    ])
    .where('a.owner_id', '=', userId)
    .orderBy('e.id')
    .execute();
}

export function investmentRows(db: Db, userId: string) {
  return db.selectFrom('investment').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export function depositRows(db: Db, userId: string) {
  return db
    .selectFrom('deposit_request')
    .select([
      'id',
      'amount_cents',
      'status',
      'proof_path',
      'created_at',
      'processed_at',
      'first_approved_at',
      'reason_code',
      'admin_notes',
      'version',
      'previous_id',
      'tx_id',
      'chain_coin',
      'chain_txid',
      'chain_vout',
      'coin_amount',
      'rate_micros',
      'rate_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function withdrawalRows(db: Db, userId: string) {
  return db
    .selectFrom('withdrawal_request')
    .select([
      'id',
      'amount_cents',
      'status',
      'crypto_type',
      'wallet_address',
      'created_at',
      'processed_at',
      'first_approved_at',
      'reason_code',
      'admin_notes',
      'version',
      'previous_id',
      'hold_tx_id',
      'settle_tx_id',
      'payout_txid',
      'payout_verified',
      'payout_coin_amount',
      'payout_confirmations',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The addresses given to the person for deposits (decision 044). */
export function depositAddressRows(db: Db, userId: string) {
  return db
    .selectFrom('deposit_address')
    .select(['coin', 'address', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('coin')
    .execute();
}

/** The addresses the person registered to pay USDT (TRC-20) or SOL from (decision 063). */
export function sendingAddressRows(db: Db, userId: string) {
  return db
    .selectFrom('chain_sender')
    .select(['coin', 'address', 'registered_at'])
    .where('user_id', '=', userId)
    .orderBy('registered_at')
    .orderBy('address')
    .execute();
}

/** Every payment to those addresses the chain watcher recorded (decisions 055 and 059). */
export function chainPaymentRows(db: Db, userId: string) {
  return db
    .selectFrom('chain_payment')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('first_seen_at')
    .orderBy('txid')
    .orderBy('vout')
    .execute();
}

/** Transfers sent and received, with the other person's public UID (never more of them). */
export async function transferRows(db: Db, userId: string) {
  const sent = await db
    .selectFrom('internal_transfer')
    .select(['id', 'recipient_uid as counterparty_uid', 'amount_cents', 'status', 'tx_id', 'created_at'])
    .where('sender_id', '=', userId)
    .execute();
  const received = await db
    .selectFrom('internal_transfer as t')
    .leftJoin('user_profile as p', 'p.user_id', 't.sender_id')
    .select(['t.id', 'p.uid as counterparty_uid', 't.amount_cents', 't.status', 't.tx_id', 't.created_at'])
    .where('t.recipient_id', '=', userId)
    .execute();
  return { sent, received };
}

export function sessionRows(db: Db, userId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'createdAt', 'updatedAt', 'expiresAt', 'ipAddress', 'userAgent'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .execute();
}

/** The person's own actions in the audit trail (sign-ins, sign-outs, security changes, requests). */
export function securityEventRows(db: Db, userId: string) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'action', 'result', 'ip', 'user_agent'])
    .where('actor_id', '=', userId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

export function deviceRows(db: Db, userId: string) {
  return db
    .selectFrom('known_device')
    .select(['created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export function signInFailureRows(db: Db, email: string) {
  return db
    .selectFrom('sign_in_failure')
    .select(['ip', 'failures', 'last_at'])
    .where('account', '=', email.toLowerCase())
    .orderBy('last_at')
    .execute();
}

export function emailRows(db: Db, userId: string, email: string) {
  return db
    .selectFrom('email_outbox')
    .select(['id', 'to_address', 'template', 'locale', 'params', 'status', 'created_at', 'sent_at'])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('to_address', '=', email.toLowerCase())]))
    .orderBy('created_at')
    .execute();
}

export function identityRows(db: Db, userId: string) {
  return db
    .selectFrom('identity_verification')
    .select([
      'id',
      'status',
      'document_type',
      'document_number',
      'document_expiry',
      'front_path',
      'back_path',
      'selfie_path',
      'address_path',
      'created_at',
      'processed_at',
      'reason_code',
      'version',
      'previous_id',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function supportRows(db: Db, userId: string) {
  const conversations = await db
    .selectFrom('support_conversation')
    .select(['id', 'reference', 'reason', 'state', 'created_at', 'closed_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const messages =
    conversations.length === 0
      ? []
      : await db
          .selectFrom('support_message')
          .select(['conversation_id', 'author', 'body', 'created_at'])
          .where(
            'conversation_id',
            'in',
            conversations.map((c) => c.id),
          )
          .orderBy('created_at')
          .orderBy('id')
          .execute();
  return { conversations, messages };
}

export function performanceRows(db: Db, userId: string) {
  return db
    .selectFrom('performance_history')
    .select(['month', 'crypto_cents', 'stocks_cents', 'real_estate_cents', 'trading_cents'])
    .where('user_id', '=', userId)
    .orderBy('month')
    .execute();
}

export async function liabilityRows(db: Db, userId: string) {
  const nonce = await db.selectFrom('liability_nonce').select('nonce').where('user_id', '=', userId).executeTakeFirst();
  const rounds = await db
    .selectFrom('liability_member')
    .select(['round_no', 'balance_cents'])
    .where('user_id', '=', userId)
    .orderBy('round_no')
    .execute();
  return { nonce: nonce?.nonce ?? null, rounds };
}

export function closureRow(db: Db, userId: string) {
  return db.selectFrom('account_closure').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function retentionActionRows(db: Db, userId: string) {
  return db.selectFrom('retention_action').selectAll().where('user_id', '=', userId).orderBy('done_at').execute();
}

export function erasureRequestRows(db: Db, userId: string) {
  return db.selectFrom('erasure_request').selectAll().where('user_id', '=', userId).orderBy('requested_at').execute();
}
