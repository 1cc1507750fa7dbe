// npm run test:crash [-- --kills 12 --dialects sqlite,postgres --source --seed 42 --workers 6]
// The long crash round: SIGKILL the real server under money traffic, restart it, check everything.
import { rmSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { runCrashRound, type RoundStats } from './round';
import { buildServerBundle, type ServerCommand } from './server';
import type { CrashDialect } from './database';

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const next = process.argv[i + 1];
  return next && !next.startsWith('--') ? next : 'true';
}

const kills = Number(flag('kills') ?? 12);
const dialects = (flag('dialects') ?? 'sqlite,postgres').split(',') as CrashDialect[];
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seed = flag('seed') ? Number(flag('seed')) : undefined;
const workers = Number(flag('workers') ?? 6);

async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

function summary(s: RoundStats): string {
  const kinds = Object.entries(s.byKind)
    .map(([k, v]) => `${k} ${v.ok}/${v.refused}/${v.applied}/${v.lost}`)
    .join(', ');
  return [
    `${s.dialect}: ${s.kills} kills in ${(s.durationMs / 1000).toFixed(1)} s (seed ${s.seed}); restart to ready median ${s.restartMs.median} ms, max ${s.restartMs.max} ms`,
    `  requests ${s.ops.requests}: ${s.ops.ok} answered 2xx, ${s.ops.refused} answered 4xx, ${s.ops.unanswered} unanswered (${s.ops.applied} found applied whole, ${s.ops.lost} not applied)`,
    `  money operations acknowledged: ${s.moneyOpsAcknowledged}; ledger transactions at the end: ${s.ledgerTransactions}; users ${s.users}`,
    `  per kind ok/4xx/applied/lost: ${kinds}`,
    `  resends with the same Idempotency-Key: ${s.retries} after crashes, ${s.replays} replays of answered requests`,
    `  e-mails: ${s.emails.queued} queued, ${s.emails.distinct} delivered, ${s.emails.received} SMTP deliveries (${s.emails.duplicates} redelivered with the same Message-ID after ${s.emails.interruptedDeliveries} deliveries interrupted by a kill); backlog drained in ${(s.emails.drainMs / 1000).toFixed(1)} s`,
    `  proofs: ${s.uploads.proofs} stored with their request, ${s.uploads.orphansSwept} orphan file(s) left by kills and swept at restart`,
  ].join('\n');
}

async function main(): Promise<number> {
  if (dialects.includes('postgres') && !(await postgresReachable())) {
    console.error(`PostgreSQL at ${pgAdminUrl} is unreachable: set TEST_DATABASE_URL, or pass --dialects sqlite`);
    return 1;
  }
  const command: ServerCommand = flag('source') === 'true' ? { kind: 'source' } : await buildServerBundle();
  if (command.kind === 'bundle') console.log(`server bundle built in ${command.dir}`);
  const started = Date.now();
  const results: RoundStats[] = [];
  let failed = false;
  try {
    for (const dialect of dialects) {
      try {
        const stats = await runCrashRound({
          dialect,
          kills,
          server: command,
          pgAdminUrl,
          workers,
          seed,
          cliVerify: 'each',
          trafficMs: flag('short') ? [200, 1500] : [300, 8000],
          log: (l) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${l}`),
        });
        results.push(stats);
        console.log(summary(stats));
        if (stats.problems.length > 0) {
          failed = true;
          for (const p of stats.problems) console.error(`PROBLEM: ${p}`);
        }
      } catch (err) {
        failed = true;
        console.error((err as Error).message);
      }
    }
  } finally {
    if (command.kind === 'bundle') rmSync(command.dir, { recursive: true, force: true });
  }
  const total = (f: (s: RoundStats) => number) => results.reduce((a, s) => a + f(s), 0);
  console.log(
    `\n${new Date().toISOString()} on ${os.cpus().length}× ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}: ` +
      `${total((s) => s.kills)} kills, ${total((s) => s.moneyOpsAcknowledged)} money operations acknowledged, ` +
      `${total((s) => s.emails.distinct)} e-mails delivered, ${((Date.now() - started) / 1000).toFixed(0)} s — ${failed ? 'FAILED' : 'all checks passed'}`,
  );
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
