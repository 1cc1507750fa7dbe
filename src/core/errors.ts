/**
 * Stable error codes. The server sends `{ error: { code, params } }`; the web app translates
 * the code into the spec's texts (FR, EN, ES). Each code carries a kind, mapped once to HTTP.
 */

export type ErrorKind =
  | 'invalid' // 400
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'too_large' // 413
  | 'unsupported' // 415
  | 'rate_limited' // 429
  | 'unavailable' // 503
  | 'insufficient_storage' // 507
  | 'internal'; // 500

export const errorCodes = {
  // generic
  validation_failed: 'invalid',
  invalid_json: 'invalid',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  payload_too_large: 'too_large',
  unsupported_media_type: 'unsupported',
  rate_limited: 'rate_limited',
  internal_error: 'internal',
  service_unavailable: 'unavailable',
  // the database (decision 026): retryable, the web client retries with the same idempotency key
  database_busy: 'unavailable',
  database_unavailable: 'unavailable',
  storage_full: 'insufficient_storage',
  idempotency_key_reused: 'conflict',
  idempotency_in_progress: 'conflict',
  cross_site_request: 'forbidden',
  duplicate_field: 'invalid',
  field_too_long: 'invalid',
  // accounts
  fields_required: 'invalid',
  invalid_email: 'invalid',
  password_too_short: 'invalid',
  operator_name_required: 'invalid',
  password_mismatch: 'invalid',
  terms_not_accepted: 'invalid',
  underage: 'invalid',
  invalid_birth_date: 'invalid',
  invalid_phone: 'invalid',
  invalid_country: 'invalid',
  invalid_username: 'invalid',
  invalid_name: 'invalid',
  email_not_verified: 'forbidden',
  withdrawal_password_hold: 'conflict',
  withdrawal_second_factor_hold: 'conflict',
  too_many_pending_deposits: 'conflict',
  email_taken: 'conflict',
  username_taken: 'conflict',
  invalid_credentials: 'unauthorized',
  profile_not_found: 'not_found',
  login_fields_required: 'invalid',
  wrong_password: 'invalid',
  reset_link_invalid: 'invalid',
  invalid_two_factor_code: 'invalid',
  two_factor_code_required: 'invalid',
  // money
  invalid_amount: 'invalid',
  insufficient_balance: 'conflict',
  unknown_area: 'invalid',
  investment_not_found: 'not_found',
  investment_locked: 'conflict',
  investment_not_active: 'conflict',
  transfer_uid_required: 'invalid',
  transfer_insufficient_balance: 'conflict',
  recipient_not_found: 'not_found',
  transfer_to_self: 'invalid',
  // cashier
  proof_required: 'invalid',
  file_too_large: 'too_large',
  file_not_image: 'invalid',
  deposits_unavailable: 'unavailable',
  deposit_coin_required: 'invalid',
  deposit_coin_on_chain: 'conflict',
  // a deposit made from a chain payment (decision 059)
  chain_payment_not_confirmed: 'conflict',
  chain_refund_not_found: 'not_found',
  chain_refund_closed: 'conflict',
  chain_refund_txid_invalid: 'invalid',
  withdrawal_address_required: 'invalid',
  withdrawal_address_invalid: 'invalid',
  unknown_crypto: 'invalid',
  withdrawal_locked: 'conflict',
  withdrawal_insufficient_funds: 'conflict',
  user_insufficient_funds: 'conflict',
  request_not_found: 'not_found',
  request_not_pending: 'conflict',
  own_request: 'forbidden',
  second_approval_same_operator: 'conflict',
  request_stage_changed: 'conflict',
  reject_reason_not_applicable: 'invalid',
  correction_not_allowed: 'conflict',
  correction_superseded: 'conflict',
  correction_limit_reached: 'conflict',
  account_frozen: 'forbidden',
  user_frozen: 'conflict',
  user_not_frozen: 'conflict',
  user_not_found: 'not_found',
  freeze_reason_required: 'invalid',
  link_expired: 'forbidden',
  // identity verification
  identity_document_expired: 'invalid',
  identity_file_required: 'invalid',
  identity_pending: 'conflict',
  identity_already_verified: 'conflict',
  correction_required: 'conflict',
  link_invalid: 'forbidden',
  // tiers and limits
  deposit_limit_per_request: 'conflict',
  deposit_limit_30_days: 'conflict',
  withdrawal_limit_per_request: 'conflict',
  withdrawal_limit_30_days: 'conflict',
  limit_tier_changed: 'conflict',
  // proof of liabilities
  liability_round_not_found: 'not_found',
  liabilities_total_mismatch: 'conflict',
  liabilities_price_unavailable: 'unavailable',
  // support conversations
  conversation_not_found: 'not_found',
  conversation_closed: 'conflict',
  // monitoring alerts (operators only)
  alert_not_found: 'not_found',
  alert_already_resolved: 'conflict',
  // a credited chain payment left the best chain: the person's withdrawals held (decision 058)
  withdrawals_held_chain: 'conflict',
  transfers_held_chain: 'conflict',
  chain_hold_not_found: 'not_found',
  chain_hold_already_released: 'conflict',
  // data export (decision 038)
  data_export_not_found: 'not_found',
  data_export_not_ready: 'conflict',
  // account closure and retention (decision 039)
  account_closing: 'forbidden',
  account_closed: 'forbidden',
  recipient_account_closing: 'conflict',
  user_account_closing: 'conflict',
  closure_not_found: 'not_found',
  closure_already_requested: 'conflict',
  closure_already_closed: 'conflict',
  closure_not_closed: 'conflict',
  // payouts with their transaction (decision 057)
  payout_txid_required: 'invalid',
  payout_txid_invalid: 'invalid',
  payout_txid_too_early: 'invalid',
  payout_coin_unknown: 'invalid',
  payout_tx_not_found: 'invalid',
  payout_wrong_address: 'invalid',
  payout_amount_short: 'invalid',
  payout_tx_mismatch: 'conflict',
  payout_txid_used: 'conflict',
  payout_rate_unavailable: 'unavailable',
  payout_provider_unavailable: 'unavailable',
  // a deposit to the platform's one address, claimed by its transaction id (decision 060)
  chain_claim_coin_unknown: 'invalid',
  chain_claim_txid_invalid: 'invalid',
  chain_tx_not_found: 'not_found',
  chain_tx_failed: 'invalid',
  chain_tx_wrong_destination: 'invalid',
  chain_tx_not_final: 'conflict',
  chain_tx_already_claimed: 'conflict',
  chain_provider_unavailable: 'unavailable',
  // the sending addresses a claim must come from (decision 063)
  chain_tx_sender_unregistered: 'conflict',
  chain_sender_invalid: 'invalid',
  chain_sender_taken: 'conflict',
  chain_sender_limit: 'conflict',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof errorCodes;
export type ErrorParams = Record<string, string | number | boolean | ReadonlyArray<unknown>>;

/** A rule of the domain was not met. Services throw it; the HTTP layer maps it once. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams;

  constructor(code: ErrorCode, params: ErrorParams = {}) {
    super(code);
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }
}
