import { randomUUID } from 'node:crypto';
import { toDecimalString } from '../../../core/money';
import type { Overview } from '../../../contracts/backoffice';
import type { AppContext } from '../../context';
import { lastVerification } from '../ledger/verification.repo';
import { latestSnapshot } from '../market/market.repo';
import { BTC_SYMBOL } from '../market/market.service';
import { liveLeases, outboxCounts } from '../operations/signals.repo';
import * as repo from './overview.repo';

const money = (cents: number) => toDecimalString(cents);

/**
 * The liabilities read one index entry per funded account (3 per user): ~30 ms on SQLite with
 * 100,000 funded users. Every live event makes every open overview refetch, so the sums are kept
 * this long per process, and the screen says when they were read (decision 019).
 */
export const LIABILITIES_TTL_S = 5;
type Run = Awaited<ReturnType<typeof lastVerification>>;
const run = (r: Run) => (r ? { ranAt: r.ranAt, ok: r.ok, problems: r.problems, detail: r.detail } : null);
const countSum = (x: { count: number; cents: number }) => ({ count: x.count, sum: money(x.cents) });

/**
 * The operators' overview. Everything is an aggregate over an index or a handful of rows, so it
 * stays fast however many users and investments there are (bench/admin).
 */
export function createOverviewService(ctx: Pick<AppContext, 'db' | 'clock'>) {
  const { db, clock } = ctx;
  let cached: { at: number; kinds: Map<string, number> } | null = null;
  async function balancesByKind(now: Date) {
    if (cached && now.getTime() - cached.at < LIABILITIES_TTL_S * 1000 && now.getTime() >= cached.at) return cached;
    cached = { at: now.getTime(), kinds: await repo.balancesByKind(db) };
    return cached;
  }
  return {
    async overview(): Promise<Overview> {
      const now = clock.now();
      const day = now.toISOString().slice(0, 10);
      const since = `${day}T00:00:00.000Z`;
      const [pd, pw, open, td, tw, kinds, last, lastSeals, requested, outbox, price, leases] = await Promise.all([
        repo.countSum(db, 'deposit_request', 'pending'),
        repo.countSum(db, 'withdrawal_request', 'pending'),
        Promise.all([repo.awaitingSecond(db, 'deposit_request'), repo.awaitingSecond(db, 'withdrawal_request')]),
        repo.approvedSince(db, 'deposit_request', since),
        repo.approvedSince(db, 'withdrawal_request', since),
        balancesByKind(now),
        lastVerification(db, 'ledger'),
        lastVerification(db, 'seals'),
        repo.openVerificationRequest(db, 'ledger'),
        outboxCounts(db),
        latestSnapshot(db, BTC_SYMBOL),
        liveLeases(db, now),
      ]);
      const k = (kind: string) => kinds.kinds.get(kind) ?? 0;
      const total = k('available') + k('invested') + k('withdrawal_hold');
      // Platform accounts carry the other side of every movement: what users are owed is minus their sum.
      const expected = -(k('platform_deposits') + k('platform_withdrawals') + k('platform_pnl'));
      const outboxOf = (status: string) => outbox.find((o) => o.status === status)?.count ?? 0;
      return {
        pending: { deposits: countSum(pd), withdrawals: countSum(pw) },
        awaitingSecond: { deposits: countSum(open[0]), withdrawals: countSum(open[1]) },
        today: { day, deposits: countSum(td), withdrawals: countSum(tw) },
        liabilities: {
          available: money(k('available')),
          invested: money(k('invested')),
          held: money(k('withdrawal_hold')),
          total: money(total),
          expected: money(expected),
          ledger: {
            deposits: money(-k('platform_deposits')),
            withdrawals: money(k('platform_withdrawals')),
            pnl: money(-k('platform_pnl')),
          },
          difference: money(total - expected),
          reconciled: total === expected,
          asOf: new Date(kinds.at).toISOString(),
        },
        verification: { last: run(last), seals: run(lastSeals), requestedAt: requested?.requested_at ?? null },
        outbox: { pending: outboxOf('pending'), sending: outboxOf('sending'), failed: outboxOf('failed') },
        price: {
          fetchedAt: price?.fetchedAt ?? null,
          ageSeconds: price ? Math.max(0, Math.round((now.getTime() - Date.parse(price.fetchedAt)) / 1000)) : null,
        },
        leases,
      };
    },

    /** Asks for a verification; the leased job runs it (never in the request: it reads the whole journal). */
    async requestVerification(adminId: string): Promise<{ requestedAt: string }> {
      const open = await repo.openVerificationRequest(db, 'ledger');
      if (open) return { requestedAt: open.requested_at };
      const requestedAt = clock.now().toISOString();
      await repo.insertVerificationRequest(db, {
        id: randomUUID(),
        kind: 'ledger',
        requested_by: adminId,
        requested_at: requestedAt,
      });
      return { requestedAt };
    },

    async retryFailedEmails(): Promise<{ retried: number }> {
      return { retried: await repo.retryFailedEmails(db, clock.now().toISOString()) };
    },
  };
}
