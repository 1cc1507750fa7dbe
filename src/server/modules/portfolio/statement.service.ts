import type { Area } from '../../../core/areas';
import { accountId } from '../../../core/ledger';
import { toDecimalString } from '../../../core/money';
import type { Statement, StatementKind, StatementLine } from '../../../contracts/portfolio';
import type { AppContext } from '../../context';
import { dayBounds } from '../../http/day-range';
import { availableBalance } from '../ledger/ledger.service';
import { csvDocument, isCsvLanguage, type CsvLanguage } from './statement.csv';
import * as repo from './statement.repo';
import { payoutOf, type PayoutView } from '../cashier/withdrawals.service';
import type { EntryFilter, EntryRow } from './statement.repo';

export interface StatementFilter {
  type?: StatementKind;
  from?: string;
  to?: string;
}

const filters: Record<StatementKind, Pick<EntryFilter, 'txType' | 'sign'>> = {
  deposit: { txType: 'deposit' },
  withdrawal: { txType: 'withdrawal_hold' },
  withdrawal_release: { txType: 'withdrawal_release' },
  investment: { txType: 'invest' },
  stop: { txType: 'stop' },
  transfer_in: { txType: 'transfer', sign: 'in' },
  transfer_out: { txType: 'transfer', sign: 'out' },
};

const kindOfTx: Record<string, StatementKind> = {
  deposit: 'deposit',
  withdrawal_hold: 'withdrawal',
  withdrawal_release: 'withdrawal_release',
  invest: 'investment',
  stop: 'stop',
};

export function kindOf(e: Pick<EntryRow, 'type' | 'amount'>): StatementKind {
  if (e.type === 'transfer') return e.amount > 0 ? 'transfer_in' : 'transfer_out';
  const kind = kindOfTx[e.type];
  // Every transaction that touches an available balance has a kind: a new one must be added here.
  if (!kind) throw new Error(`ledger transaction type without a statement kind: ${e.type}`);
  return kind;
}

function entryFilter(f: StatementFilter): EntryFilter {
  return { ...(f.type ? filters[f.type] : {}), ...dayBounds(f) };
}

export function createStatementService(ctx: Pick<AppContext, 'db'> & { config?: PayoutView }) {
  const { db, config } = ctx;

  /** What each line concerns, looked up for one page at a time. */
  async function describe(userId: string, entries: EntryRow[]): Promise<StatementLine[]> {
    const refs = (type: string) => [
      ...new Set(entries.filter((e) => e.refType === type && e.refId).map((e) => e.refId!)),
    ];
    const [investments, transfers, withdrawals] = await Promise.all([
      repo.investmentAreas(db, refs('investment')),
      repo.transfersWithParties(db, refs('internal_transfer')),
      repo.withdrawals(db, refs('withdrawal_request')),
    ]);
    const areaOf = new Map(investments.map((i) => [i.id, i.area as Area]));
    const transferOf = new Map(transfers.map((t) => [t.id, t]));
    const withdrawalOf = new Map(withdrawals.map((w) => [w.id, w]));
    return entries.map((e): StatementLine => {
      const detail: StatementLine['detail'] = {};
      const area = e.refId ? areaOf.get(e.refId) : undefined;
      if (area) detail.area = area;
      const transfer = e.refId ? transferOf.get(e.refId) : undefined;
      if (transfer) {
        const sent = transfer.sender_id === userId;
        detail.counterpartyUid = sent ? transfer.recipient_uid : transfer.sender_uid;
        detail.counterpartyName = sent ? transfer.recipient_name : transfer.sender_name;
      }
      const withdrawal = e.refId ? withdrawalOf.get(e.refId) : undefined;
      if (withdrawal) {
        detail.crypto = withdrawal.crypto_type;
        detail.status = withdrawal.status;
        const payout = config ? payoutOf(withdrawal, config) : null;
        if (payout)
          detail.payout = {
            txid: payout.txid,
            verified: payout.verified,
            confirmations: payout.confirmations,
            explorerUrl: payout.explorerUrl,
          };
      }
      return {
        id: String(e.id),
        kind: kindOf(e),
        amount: toDecimalString(e.amount),
        balance: toDecimalString(e.balance),
        at: e.at,
        detail,
      };
    });
  }

  const account = (userId: string) => accountId({ owner: userId, kind: 'available' });

  return {
    /** Newest first; `cursor` continues with older lines. */
    async page(userId: string, f: StatementFilter & { cursor?: string; limit: number }): Promise<Statement> {
      const [entries, balance] = await Promise.all([
        repo.entriesPage(db, account(userId), entryFilter(f), {
          cursor: f.cursor ? Number(f.cursor) : undefined,
          order: 'desc',
          limit: f.limit + 1,
        }),
        availableBalance(db, userId),
      ]);
      const more = entries.length > f.limit;
      const shown = entries.slice(0, f.limit);
      return {
        lines: await describe(userId, shown),
        nextCursor: more ? String(shown[shown.length - 1]!.id) : null,
        balance: toDecimalString(balance),
      };
    },

    /** Every matching line, oldest first (the last line's balance is the balance after the period), in the person's language. */
    async csv(userId: string, f: StatementFilter, lang?: CsvLanguage): Promise<string> {
      const stored = lang ? null : await repo.profileLocale(db, userId);
      const language: CsvLanguage = lang ?? (isCsvLanguage(stored) ? stored : 'fr');
      const lines: StatementLine[] = [];
      let cursor: number | undefined;
      for (;;) {
        const entries = await repo.entriesPage(db, account(userId), entryFilter(f), {
          cursor,
          order: 'asc',
          limit: 1000,
        });
        lines.push(...(await describe(userId, entries)));
        if (entries.length < 1000) break;
        cursor = entries[entries.length - 1]!.id;
      }
      return csvDocument(lines, language);
    },
  };
}
