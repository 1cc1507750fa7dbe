import type { CsvTable } from '../../../core/data-export/csv';
import type { CollectedData } from './collect';

const money = (cents: number) => ({ cents });

/**
 * The CSV files of the export: the same facts as data.json, one table per kind, with the column
 * names of data.json (stable keys a program can rely on, in both forms).
 */
export function csvTables(d: CollectedData): Record<string, CsvTable> {
  const p = d.profile;
  return {
    profile: {
      headers: Object.keys(p),
      rows: [Object.values(p).map((v) => (v === undefined ? null : v))],
    },
    balances: {
      headers: ['account', 'kind', 'balance'],
      rows: d.balances.map((b) => [b.account, b.kind, money(b.balanceCents)]),
    },
    ledger: {
      headers: ['entryId', 'at', 'txId', 'type', 'account', 'amount', 'refType', 'refId'],
      rows: d.ledger.map((l) => [l.entryId, l.at, l.txId, l.type, l.account, money(l.amountCents), l.refType, l.refId]),
    },
    investments: {
      headers: ['id', 'area', 'amount', 'currentValue', 'active', 'createdAt', 'stoppedAt'],
      rows: d.investments.map((i) => [
        i.id,
        i.area,
        money(i.amountCents),
        money(i.currentValueCents),
        i.active,
        i.createdAt,
        i.stoppedAt,
      ]),
    },
    deposits: {
      headers: [
        'id',
        'amount',
        'status',
        'reason',
        'adminNotes',
        'createdAt',
        'processedAt',
        'version',
        'proofFile',
        'chainCoin',
        'chainTxid',
        'chainVout',
        'chainCoinAmount',
        'chainRate',
        'chainRateAt',
      ],
      rows: d.deposits.map((r) => [
        r.id,
        money(r.amountCents),
        r.status,
        r.reason,
        r.adminNotes,
        r.createdAt,
        r.processedAt,
        r.version,
        r.proofFile,
        r.chain?.coin ?? null,
        r.chain?.txid ?? null,
        r.chain?.vout ?? null,
        r.chain?.coinAmount ?? null,
        r.chain?.rate ?? null,
        r.chain?.rateAt ?? null,
      ]),
    },
    withdrawals: {
      headers: [
        'id',
        'amount',
        'status',
        'reason',
        'adminNotes',
        'crypto',
        'walletAddress',
        'createdAt',
        'processedAt',
        'version',
        'payoutTxid',
        'payoutVerified',
        'payoutCoinAmount',
        'payoutConfirmations',
      ],
      rows: d.withdrawals.map((r) => [
        r.id,
        money(r.amountCents),
        r.status,
        r.reason,
        r.adminNotes,
        r.crypto,
        r.walletAddress,
        r.createdAt,
        r.processedAt,
        r.version,
        r.payout?.txid ?? null,
        r.payout ? r.payout.verified : null,
        r.payout?.coinAmount ?? null,
        r.payout?.confirmations ?? null,
      ]),
    },
    deposit_addresses: {
      headers: ['coin', 'address', 'givenAt'],
      rows: d.depositAddresses.map((a) => [a.coin, a.address, a.givenAt]),
    },
    sending_addresses: {
      headers: ['coin', 'address', 'registeredAt'],
      rows: d.sendingAddresses.map((a) => [a.coin, a.address, a.registeredAt]),
    },
    chain_payments: {
      headers: [
        'coin',
        'txid',
        'vout',
        'address',
        'coinAmount',
        'state',
        'confirmations',
        'blockHeight',
        'firstSeenAt',
        'confirmedAt',
        'depositId',
        'refundReason',
        'refundTxid',
      ],
      rows: d.chainPayments.map((c) => [
        c.coin,
        c.txid,
        c.vout,
        c.address,
        c.coinAmount,
        c.state,
        c.confirmations,
        c.blockHeight,
        c.firstSeenAt,
        c.confirmedAt,
        c.depositId,
        c.refund?.reason ?? null,
        c.refund?.txid ?? null,
      ]),
    },
    transfers: {
      headers: ['id', 'direction', 'counterpartyUid', 'amount', 'status', 'createdAt'],
      rows: d.transfers.map((t) => [t.id, t.direction, t.counterpartyUid, money(t.amountCents), t.status, t.createdAt]),
    },
    sessions: {
      headers: ['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'ipAddress', 'userAgent'],
      rows: d.sessions.map((s) => [s.id, s.createdAt, s.lastSeenAt, s.expiresAt, s.ipAddress, s.userAgent]),
    },
    security_events: {
      headers: ['at', 'action', 'result', 'ipAddress', 'userAgent'],
      rows: d.securityEvents.map((e) => [e.at, e.action, e.result, e.ipAddress, e.userAgent]),
    },
    emails: {
      headers: ['id', 'to', 'template', 'locale', 'status', 'createdAt', 'sentAt'],
      rows: d.emails.map((m) => [m.id, m.to, m.template, m.locale, m.status, m.createdAt, m.sentAt]),
    },
    identity_verifications: {
      headers: [
        'id',
        'status',
        'documentType',
        'documentNumber',
        'documentExpiry',
        'reason',
        'createdAt',
        'processedAt',
      ],
      rows: d.identityVerifications.map((v) => [
        v.id,
        v.status,
        v.documentType,
        v.documentNumber,
        v.documentExpiry,
        v.reason,
        v.createdAt,
        v.processedAt,
      ]),
    },
  };
}
