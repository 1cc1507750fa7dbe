import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/server/db/index';
import { verifyLedger } from '../../src/server/modules/ledger/verify';
import { LocalProofStore } from '../../src/server/modules/storage/proof-store';
import type { SmtpPeer } from './smtp';
import { keyedKinds, type World } from './world';

/**
 * Rows that must come in whole pairs: each query counts the violations of one rule, so any
 * transaction committed in part shows up here whatever the client knew.
 */
const structuralRules: Array<[string, RawBuilder<{ n: number | string }>]> = [
  [
    'investment without its invest transaction',
    sql`select count(*) as n from investment i left join ledger_tx t on t.id = i.invest_tx_id where t.id is null or t.type <> 'invest' or t.ref_id <> i.id`,
  ],
  [
    'investment closed without its stop transaction (or the reverse)',
    sql`select count(*) as n from investment i left join ledger_tx t on t.id = i.stop_tx_id where (i.is_active = 0) <> (i.stop_tx_id is not null) or (i.stop_tx_id is not null and (t.id is null or t.type <> 'stop' or t.ref_id <> i.id))`,
  ],
  [
    'transfer row without its transaction',
    sql`select count(*) as n from internal_transfer r left join ledger_tx t on t.id = r.tx_id where t.id is null or t.type <> 'transfer' or t.ref_id <> r.id`,
  ],
  [
    'withdrawal without its hold',
    sql`select count(*) as n from withdrawal_request w left join ledger_tx t on t.id = w.hold_tx_id where t.id is null or t.type <> 'withdrawal_hold' or t.ref_id <> w.id`,
  ],
  [
    'withdrawal status disagrees with its settlement',
    sql`select count(*) as n from withdrawal_request w where (w.status = 'approved') <> (w.settle_tx_id is not null)`,
  ],
  [
    'withdrawal status disagrees with its releases',
    sql`select count(*) as n from withdrawal_request w where (case when w.status = 'rejected' then 1 else 0 end) <> (select count(*) from ledger_tx t where t.type = 'withdrawal_release' and t.ref_id = w.id)`,
  ],
  [
    'deposit status disagrees with its credit',
    sql`select count(*) as n from deposit_request d where (case when d.status = 'approved' then 1 else 0 end) <> (select count(*) from ledger_tx t where t.type = 'deposit' and t.ref_id = d.id) or (d.status = 'approved') <> (d.tx_id is not null)`,
  ],
  [
    'decided request without exactly one audit row',
    sql`select count(*) as n from (select id from deposit_request where status <> 'pending' union all select id from withdrawal_request where status <> 'pending') r where (select count(*) from audit_log a where a.target_id = r.id) <> 1`,
  ],
  [
    'pending request with an audit row',
    sql`select count(*) as n from (select id from deposit_request where status = 'pending' union all select id from withdrawal_request where status = 'pending') r where exists (select 1 from audit_log a where a.target_id = r.id)`,
  ],
  [
    'invest/stop transaction without its investment',
    sql`select count(*) as n from ledger_tx t where (t.type = 'invest' and not exists (select 1 from investment i where i.invest_tx_id = t.id)) or (t.type = 'stop' and not exists (select 1 from investment i where i.stop_tx_id = t.id))`,
  ],
  [
    'transfer transaction without its transfer row',
    sql`select count(*) as n from ledger_tx t where t.type = 'transfer' and not exists (select 1 from internal_transfer r where r.tx_id = t.id)`,
  ],
  [
    'withdrawal transaction without its request',
    sql`select count(*) as n from ledger_tx t where (t.type = 'withdrawal_hold' and not exists (select 1 from withdrawal_request w where w.hold_tx_id = t.id)) or (t.type = 'withdrawal_settle' and not exists (select 1 from withdrawal_request w where w.settle_tx_id = t.id)) or (t.type = 'withdrawal_release' and not exists (select 1 from withdrawal_request w where w.id = t.ref_id and w.status = 'rejected'))`,
  ],
  [
    'deposit credit without its approved request',
    sql`select count(*) as n from ledger_tx t where t.type = 'deposit' and not exists (select 1 from deposit_request d where d.tx_id = t.id and d.status = 'approved')`,
  ],
  [
    'idempotent transaction committed without its stored answer',
    sql`select count(*) as n from ledger_tx where idempotency_key is not null and response is null`,
  ],
  [
    'user without password account or profile',
    sql`select count(*) as n from "user" u where not exists (select 1 from account a where a."userId" = u.id) or not exists (select 1 from user_profile p where p.user_id = u.id)`,
  ],
];

async function countBy(db: Db, query: RawBuilder<{ k: string; n: number | string }>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const r of (await query.execute(db)).rows) out[r.k] = Number(r.n);
  return out;
}

function compare(world: World, what: string, actual: Record<string, number>, expected: Record<string, number>): void {
  for (const k of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
    if ((actual[k] ?? 0) !== (expected[k] ?? 0))
      world.problem(`${what} ${k}: ${actual[k] ?? 0} in the database, ${expected[k] ?? 0} acknowledged or found whole`);
  }
}

export interface UploadState {
  proofs: number;
  orphans: string[];
}

export async function uploadState(db: Db, world: World, uploadsDir: string): Promise<UploadState> {
  const rows = await db.selectFrom('deposit_request').select(['id', 'proof_path']).execute();
  const referenced = new Set<string>();
  for (const r of rows) {
    if (!r.proof_path) {
      world.problem(`deposit ${r.id} has no proof path`);
      continue;
    }
    referenced.add(r.proof_path);
    const file = path.join(uploadsDir, r.proof_path);
    if (!existsSync(file) || statSync(file).size === 0)
      world.problem(`deposit ${r.id}: proof file ${r.proof_path} missing or empty`);
  }
  const orphans: string[] = [];
  for await (const p of new LocalProofStore(uploadsDir).list()) if (!referenced.has(p.path)) orphans.push(p.path);
  return { proofs: referenced.size, orphans };
}

export interface MailState {
  queued: number;
  sent: number;
  /** Rows whose delivery a kill interrupted (claimed, never marked sent). */
  sendingIds: string[];
  ids: string[];
}

export async function mailState(db: Db, world: World, smtp: SmtpPeer): Promise<MailState> {
  const rows = await db.selectFrom('email_outbox').select(['id', 'status']).execute();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    if (r.status === 'sent' && !smtp.received.has(r.id)) world.problem(`e-mail ${r.id} marked sent but never received`);
    if (r.status === 'failed') world.problem(`e-mail ${r.id} gave up`);
  }
  for (const id of smtp.received.keys())
    if (!ids.has(id)) world.problem(`received e-mail ${id} that no outbox row queued`);
  if (smtp.foreign > 0) world.problem(`${smtp.foreign} received e-mails without our Message-ID`);
  return {
    queued: rows.length,
    sent: rows.filter((r) => r.status === 'sent').length,
    sendingIds: rows.filter((r) => r.status === 'sending').map((r) => r.id),
    ids: [...ids],
  };
}

/**
 * Everything that must hold on the data at rest: the ledger verifies, every table agrees with
 * the others, and the database holds exactly what the client was told (plus whole ones it was not).
 */
export async function checkData(db: Db, world: World): Promise<{ transactions: number }> {
  const report = await verifyLedger(db);
  for (const p of report.problems) world.problem(`verify-ledger: ${p}`);

  for (const [rule, query] of structuralRules) {
    const n = Number((await query.execute(db)).rows[0]?.n ?? 0);
    if (n !== 0) world.problem(`${rule}: ${n} row(s)`);
  }

  compare(
    world,
    'transactions of type',
    await countBy(db, sql`select type as k, count(*) as n from ledger_tx group by type`),
    { ...world.txCount },
  );
  const byStatus = (m: Map<string, { status: string }>) => {
    const out: Record<string, number> = {};
    for (const r of m.values()) out[r.status] = (out[r.status] ?? 0) + 1;
    return out;
  };
  compare(
    world,
    'deposit requests',
    await countBy(db, sql`select status as k, count(*) as n from deposit_request group by status`),
    byStatus(world.deposits),
  );
  compare(
    world,
    'withdrawal requests',
    await countBy(db, sql`select status as k, count(*) as n from withdrawal_request group by status`),
    byStatus(world.withdrawals),
  );
  const investments = [...world.investments.values()];
  compare(
    world,
    'investments',
    await countBy(
      db,
      sql`select case when is_active = 1 then 'active' else 'stopped' end as k, count(*) as n from investment group by is_active`,
    ),
    {
      active: investments.filter((i) => i.active).length,
      stopped: investments.filter((i) => !i.active).length,
    },
  );
  compare(world, 'transfers', await countBy(db, sql`select 'all' as k, count(*) as n from internal_transfer`), {
    all: world.txCount.transfer,
  });
  // Money e-mails, exactly: one per decision, one per withdrawal request. (Signup confirmations and
  // new-device notices follow sign-ins and restarts, not money; their delivery is checked with the rest.)
  const moneyMails = [...Object.keys(world.decisions), 'withdrawal_requested'];
  compare(
    world,
    'e-mails',
    await countBy(
      db,
      sql`select template as k, count(*) as n from email_outbox where template in (${sql.join(moneyMails)}) group by template`,
    ),
    { ...world.decisions, withdrawal_requested: world.withdrawals.size },
  );
  const signups = world.ops.filter(
    (o) => o.kind === 'signup' && (o.outcome === 'ok' || o.outcome === 'applied'),
  ).length;
  compare(world, 'users', await countBy(db, sql`select 'all' as k, count(*) as n from "user"`), { all: signups + 1 });

  // Balances: the cached ledger balances of every user account against what the client can explain.
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['owner_id', 'kind', 'balance_cents'])
    .where('owner_id', '<>', 'platform')
    .execute();
  const actual = new Map<string, Record<string, number>>();
  for (const a of accounts) actual.set(a.owner_id, { ...actual.get(a.owner_id), [a.kind]: Number(a.balance_cents) });
  for (const owner of new Set([...actual.keys(), ...world.balances.keys()])) {
    const a = actual.get(owner) ?? {};
    const e = world.balances.get(owner) ?? { available: 0, invested: 0, hold: 0 };
    const got = { available: a.available ?? 0, invested: a.invested ?? 0, hold: a.withdrawal_hold ?? 0 };
    if (got.available !== e.available || got.invested !== e.invested || got.hold !== e.hold) {
      world.problem(`balances of ${owner}: ledger ${JSON.stringify(got)}, expected ${JSON.stringify(e)}`);
    }
  }

  // Each acknowledged (or whole) operation is there under its id and key; each refused one is not.
  const keys = new Set(
    (
      await db
        .selectFrom('ledger_tx')
        .select(['user_id', 'idempotency_key'])
        .where('idempotency_key', 'is not', null)
        .execute()
    ).map((r) => `${r.user_id} ${r.idempotency_key}`),
  );
  const depositKeys = new Set(
    (
      await db
        .selectFrom('deposit_request')
        .select(['user_id', 'idempotency_key'])
        .where('idempotency_key', 'is not', null)
        .execute()
    ).map((r) => `${r.user_id} ${r.idempotency_key}`),
  );
  const ids = new Set<string>();
  for (const table of ['investment', 'internal_transfer', 'withdrawal_request', 'deposit_request'] as const) {
    for (const r of await db.selectFrom(table).select('id').execute()) ids.add(r.id);
  }
  for (const op of world.ops) {
    if (!keyedKinds.includes(op.kind) || op.resendKind === 'replay') continue;
    const present = (op.kind === 'deposit' ? depositKeys : keys).has(`${op.userId} ${op.key}`);
    const happened = op.outcome === 'ok' || op.outcome === 'applied';
    if (happened && !present) world.problem(`${op.kind} #${op.seq} (${op.outcome}) missing from the database`);
    if (happened && op.createdId && !ids.has(op.createdId))
      world.problem(`${op.kind} #${op.seq}: ${op.createdId} missing`);
    if (op.outcome === 'refused' && present)
      world.problem(`${op.kind} #${op.seq} was refused (${op.status}) but is in the database`);
  }
  return { transactions: report.transactions };
}
