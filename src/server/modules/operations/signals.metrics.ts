import { Gauge, type Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { lastVerification } from '../ledger/verification.repo';
import { latestSnapshot } from '../market/market.repo';
import { symbolOf } from '../market/market.service';
import { pricedAssets } from '../../../core/coins';
import { awaitingSecond, countSum } from '../backoffice/overview.repo';
import * as repo from './signals.repo';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

/** The verifications whose last run is kept (`verification_run.kind`). */
const VERIFICATIONS = ['ledger', 'seals'];

/**
 * The operator's signals as Prometheus gauges, read from the database at each scrape (so every
 * instance reports the same platform-wide figures): the e-mail outbox, the BTC price's age, open
 * requests by kind and stage, which instance holds each job lease, and the last ledger verification.
 */
export function registerOperatorSignals(registry: Registry, ctx: Ctx): void {
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: (g: Gauge<L>) => Promise<void>,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        await collect(this);
      },
    });

  gauge(
    'atlas_email_outbox_messages',
    'E-mails in the outbox not yet sent, by status (pending, sending, failed)',
    ['status'],
    async (g) => {
      const counts = new Map((await repo.outboxCounts(ctx.db)).map((r) => [r.status, r.count]));
      for (const status of ['pending', 'sending', 'failed']) g.set({ status }, counts.get(status) ?? 0);
    },
  );
  gauge(
    'atlas_price_age_seconds',
    'Age of the newest stored price (absent when none was ever fetched)',
    ['symbol'],
    async (g) => {
      for (const asset of pricedAssets) {
        const symbol = symbolOf(asset);
        const last = await latestSnapshot(ctx.db, symbol);
        if (last)
          g.set({ symbol }, Math.max(0, (ctx.clock.now().getTime() - new Date(last.fetchedAt).getTime()) / 1000));
      }
    },
  );
  gauge(
    'atlas_open_requests',
    'Deposit and withdrawal requests awaiting a decision (pending), and of those the ones awaiting a second approval',
    ['kind', 'status'],
    async (g) => {
      for (const [kind, table] of [
        ['deposit', 'deposit_request'],
        ['withdrawal', 'withdrawal_request'],
      ] as const) {
        const [pending, second] = await Promise.all([
          countSum(ctx.db, table, 'pending'),
          awaitingSecond(ctx.db, table),
        ]);
        g.set({ kind, status: 'pending' }, pending.count);
        g.set({ kind, status: 'awaiting_second' }, second.count);
      }
    },
  );
  gauge(
    'atlas_job_lease_held',
    'Job leases currently held, by job and holding instance (1 = held)',
    ['job', 'holder'],
    async (g) => {
      for (const lease of await repo.liveLeases(ctx.db, ctx.clock.now()))
        g.set({ job: lease.name, holder: lease.holder }, 1);
    },
  );
  gauge(
    'atlas_verification_ok',
    'Result of the last verification of each kind: 1 passed, 0 failed (absent when never run)',
    ['kind'],
    async (g) => {
      for (const last of await lastVerifications(ctx)) g.set({ kind: last.kind }, last.ok ? 1 : 0);
    },
  );
  gauge(
    'atlas_verification_timestamp_seconds',
    'When the last verification of each kind ran (Unix time)',
    ['kind'],
    async (g) => {
      for (const last of await lastVerifications(ctx))
        g.set({ kind: last.kind }, new Date(last.ranAt).getTime() / 1000);
    },
  );
}

async function lastVerifications(ctx: Ctx) {
  const runs = await Promise.all(VERIFICATIONS.map((kind) => lastVerification(ctx.db, kind)));
  return runs.filter((run) => run !== null);
}
