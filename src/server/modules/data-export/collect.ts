import { formatCoinAmount, formatRate, type Coin } from '../../../core/coins';
import { isCryptoType } from '../../../core/crypto-address';
import { coinOfCrypto } from '../../../core/payout';
import { investorReason, isRejectionReason } from '../../../core/rejection-reasons';
import type { DataExportV2 } from '../../../contracts/data-export';
import type { Db } from '../../db/index';
import * as repo from './collect.repo';

/** What data.json holds before the uploaded files are added (the archive adds them and their hashes). */
export type CollectedData = Omit<DataExportV2, 'files'>;

/** A file the investor uploaded, to be copied into the ZIP as stored. */
export interface UploadedFile {
  /** Path inside the ZIP. */
  file: string;
  /** Path in the proof store. */
  source: string;
}

const iso = (v: string | Date | null | undefined): string | null =>
  v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString();
const isoNN = (v: string | Date): string => iso(v)!;
const bool = (v: unknown): boolean => v === true || v === 1;

/** The reason as the investor is told it (final compliance reasons are all `request_declined`). */
const reasonOf = (code: string | null): string | null =>
  code === null ? null : isRejectionReason(code) ? investorReason(code) : 'request_declined';

const int = (v: number | string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
/** A coin amount stored in the coin's smallest unit, as a decimal string of coins. */
const coinsOf = (coin: Coin, units: number | string | null | undefined): string | null =>
  units === null || units === undefined ? null : formatCoinAmount(coin, BigInt(units));

const ext = (p: string): string => p.slice(p.lastIndexOf('.') + 1);

/** Links in e-mails carried one-time secrets (reset, confirmation, unlock): they are not exported. */
function redactParams(raw: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    out[key] = /url|link|token/i.test(key) ? '[link removed]' : value;
  }
  return out;
}

/** Reads everything of one person that classification.ts marks as exported. */
export async function collect(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ data: CollectedData; uploads: UploadedFile[] }> {
  const { profile: p, user: u, security, freeze } = await repo.profileRows(db, userId);
  if (!p || !u) throw new Error('no profile for this export');
  const uploads: UploadedFile[] = [];

  const ledger = await repo.ledgerRows(db, userId);
  const deposits = await repo.depositRows(db, userId);
  const withdrawals = await repo.withdrawalRows(db, userId);
  const transfers = await repo.transferRows(db, userId);
  const identity = await repo.identityRows(db, userId);
  const support = await repo.supportRows(db, userId);
  const liabilities = await repo.liabilityRows(db, userId);
  const closure = await repo.closureRow(db, userId);
  const addresses = await repo.depositAddressRows(db, userId);
  const payments = await repo.chainPaymentRows(db, userId);
  const senders = await repo.sendingAddressRows(db, userId);

  const data: CollectedData = {
    format: 'atlas-invest-data-export',
    version: 2,
    generatedAt: now.toISOString(),
    profile: {
      userId: p.user_id,
      uid: p.uid,
      username: p.username,
      firstName: p.first_name,
      lastName: p.last_name,
      fullName: p.full_name,
      email: u.email,
      emailVerified: bool(u.emailVerified),
      birthDate: p.birth_date,
      country: p.country,
      phone: p.phone,
      locale: p.locale,
      firstInvestmentDate: p.first_investment_date,
      twoFactorEnabled: bool(u.twoFactorEnabled),
      createdAt: isoNN(p.created_at),
      updatedAt: isoNN(p.updated_at),
      passwordChangedAt: iso(security?.password_changed_at),
      secondFactorRemovedAt: iso(security?.second_factor_removed_at),
      frozenSince: iso(freeze?.frozen_at),
    },
    balances: (await repo.balanceRows(db, userId)).map((b) => ({
      account: b.id,
      kind: b.kind,
      balanceCents: Number(b.balance_cents),
    })),
    ledger: ledger.map((l) => ({
      entryId: Number(l.entry_id),
      txId: l.tx_id,
      type: l.type,
      account: l.account_kind,
      amountCents: Number(l.amount_cents),
      at: isoNN(l.created_at),
      refType: l.ref_type,
      refId: l.ref_id,
    })),
    investments: (await repo.investmentRows(db, userId)).map((i) => ({
      id: i.id,
      area: i.area,
      amountCents: Number(i.amount_cents),
      currentValueCents: Number(i.current_value_cents),
      btcPriceAtInvestmentCents:
        i.btc_price_at_investment_cents === null ? null : Number(i.btc_price_at_investment_cents),
      active: bool(i.is_active),
      createdAt: isoNN(i.created_at),
      stoppedAt: iso(i.stopped_at),
      investTxId: i.invest_tx_id,
      stopTxId: i.stop_tx_id,
    })),
    deposits: deposits.map((d) => {
      const proofFile = d.proof_path ? `files/deposits/${d.id}.${ext(d.proof_path)}` : null;
      if (d.proof_path && proofFile) uploads.push({ file: proofFile, source: d.proof_path });
      return {
        id: d.id,
        amountCents: Number(d.amount_cents),
        status: d.status,
        createdAt: isoNN(d.created_at),
        processedAt: iso(d.processed_at),
        firstApprovedAt: iso(d.first_approved_at),
        reason: reasonOf(d.reason_code ?? null),
        adminNotes: d.admin_notes,
        version: Number(d.version ?? 1),
        previousId: d.previous_id ?? null,
        proofFile,
        txId: d.tx_id,
        chain:
          d.chain_coin && d.chain_txid && d.coin_amount && d.rate_micros != null && d.rate_at
            ? {
                coin: d.chain_coin,
                txid: d.chain_txid,
                vout: Number(d.chain_vout ?? 0),
                coinAmount:
                  d.chain_coin === 'BTC' || d.chain_coin === 'LTC'
                    ? formatCoinAmount(d.chain_coin, BigInt(d.coin_amount))
                    : d.coin_amount,
                rate: formatRate(BigInt(d.rate_micros)),
                rateAt: isoNN(d.rate_at),
              }
            : null,
      };
    }),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      amountCents: Number(w.amount_cents),
      status: w.status,
      createdAt: isoNN(w.created_at),
      processedAt: iso(w.processed_at),
      firstApprovedAt: iso(w.first_approved_at),
      reason: reasonOf(w.reason_code ?? null),
      adminNotes: w.admin_notes,
      version: Number(w.version ?? 1),
      previousId: w.previous_id ?? null,
      crypto: w.crypto_type,
      walletAddress: w.wallet_address,
      holdTxId: w.hold_tx_id,
      settleTxId: w.settle_tx_id,
      payout: w.payout_txid
        ? {
            txid: w.payout_txid,
            verified: bool(w.payout_verified),
            coinAmount: isCryptoType(w.crypto_type) ? coinsOf(coinOfCrypto[w.crypto_type], w.payout_coin_amount) : null,
            confirmations: int(w.payout_confirmations),
          }
        : null,
    })),
    depositAddresses: addresses.map((a) => ({ coin: a.coin, address: a.address, givenAt: isoNN(a.created_at) })),
    sendingAddresses: senders.map((s) => ({ coin: s.coin, address: s.address, registeredAt: isoNN(s.registered_at) })),
    chainPayments: payments.map((c) => ({
      coin: c.coin,
      txid: c.txid,
      vout: Number(c.vout),
      address: c.address,
      coinAmount: formatCoinAmount(c.coin, BigInt(c.amount)),
      state: c.state,
      blockHash: c.block_hash,
      blockHeight: int(c.block_height),
      confirmations: Number(c.confirmations),
      firstSeenAt: isoNN(c.first_seen_at),
      confirmedAt: iso(c.confirmed_at),
      orphanedAt: iso(c.orphaned_at),
      creditedAt: iso(c.credited_at),
      depositId: c.deposit_id ?? null,
      refund:
        c.refund_reason || c.refunded_txid
          ? {
              reason: c.refund_reason ?? 'rejected',
              worthCents: int(c.refund_cents),
              rate: c.refund_rate_micros != null ? formatRate(BigInt(c.refund_rate_micros)) : null,
              raisedAt: iso(c.refund_raised_at),
              txid: c.refunded_txid ?? null,
              refundedAt: iso(c.refunded_at),
            }
          : null,
    })),
    transfers: [
      ...transfers.sent.map((t) => ({ ...t, direction: 'sent' as const })),
      ...transfers.received.map((t) => ({ ...t, direction: 'received' as const })),
    ]
      .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
      .map((t) => ({
        id: t.id,
        direction: t.direction,
        counterpartyUid: t.counterparty_uid ?? null,
        amountCents: Number(t.amount_cents),
        status: t.status,
        txId: t.tx_id,
        createdAt: isoNN(t.created_at),
      })),
    sessions: (await repo.sessionRows(db, userId)).map((s) => ({
      id: s.id,
      createdAt: isoNN(s.createdAt),
      lastSeenAt: isoNN(s.updatedAt),
      expiresAt: isoNN(s.expiresAt),
      ipAddress: s.ipAddress ?? null,
      userAgent: s.userAgent ?? null,
    })),
    securityEvents: (await repo.securityEventRows(db, userId)).map((e) => ({
      at: isoNN(e.at),
      action: e.action,
      result: e.result ?? null,
      ipAddress: e.ip ?? null,
      userAgent: e.user_agent ?? null,
    })),
    knownDevices: (await repo.deviceRows(db, userId)).map((d) => ({
      firstSeenAt: isoNN(d.created_at),
      lastSeenAt: isoNN(d.last_seen_at),
    })),
    signInFailures: (await repo.signInFailureRows(db, u.email)).map((f) => ({
      ipAddress: f.ip,
      failures: Number(f.failures),
      lastAt: isoNN(f.last_at),
    })),
    emails: (await repo.emailRows(db, userId, u.email)).map((m) => ({
      id: m.id,
      to: m.to_address,
      template: m.template,
      locale: m.locale,
      params: redactParams(m.params),
      status: m.status,
      createdAt: isoNN(m.created_at),
      sentAt: iso(m.sent_at),
    })),
    identityVerifications: identity.map((v) => {
      const slots = [
        ['front', v.front_path],
        ['back', v.back_path],
        ['selfie', v.selfie_path],
        ['address', v.address_path],
      ] as const;
      return {
        id: v.id,
        status: v.status,
        documentType: v.document_type,
        documentNumber: v.document_number,
        documentExpiry: v.document_expiry,
        files: slots.map(([slot, path]) => {
          if (!path) return { slot, file: null };
          const file = `files/identity/${v.id}-${slot}.${ext(path)}`;
          uploads.push({ file, source: path });
          return { slot, file };
        }),
        createdAt: isoNN(v.created_at),
        processedAt: iso(v.processed_at),
        reason: reasonOf(v.reason_code ?? null),
        version: Number(v.version ?? 1),
        previousId: v.previous_id ?? null,
      };
    }),
    supportConversations: support.conversations.map((c) => ({
      id: c.id,
      reference: c.reference,
      reason: c.reason,
      state: c.state,
      createdAt: isoNN(c.created_at),
      closedAt: iso(c.closed_at),
      messages: support.messages
        .filter((m) => m.conversation_id === c.id)
        .map((m) => ({ author: m.author, body: m.body, at: isoNN(m.created_at) })),
    })),
    performanceHistory: (await repo.performanceRows(db, userId)).map((h) => ({
      month: h.month,
      cryptoCents: Number(h.crypto_cents),
      stocksCents: Number(h.stocks_cents),
      realEstateCents: Number(h.real_estate_cents),
      tradingCents: Number(h.trading_cents),
    })),
    proofOfLiabilities: {
      accountNonce: liabilities.nonce,
      rounds: liabilities.rounds.map((r) => ({ round: Number(r.round_no), balanceCents: Number(r.balance_cents) })),
    },
    closure: closure
      ? {
          state: closure.state,
          requestedAt: isoNN(closure.requested_at),
          stateAt: isoNN(closure.state_at),
          closedAt: iso(closure.closed_at),
        }
      : null,
    retentionActions: (await repo.retentionActionRows(db, userId)).map((r) => ({
      category: r.category,
      doneAt: isoNN(r.done_at),
    })),
    erasureRequests: (await repo.erasureRequestRows(db, userId)).map((r) => ({
      id: r.id,
      requestedAt: isoNN(r.requested_at),
      answer: parsedAnswer(r.answer),
    })),
  };
  return { data, uploads };
}

/** An erasure answer is stored as JSON; an unreadable one is exported as the text it is. */
function parsedAnswer(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
