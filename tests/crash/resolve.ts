import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  accountId,
  depositPostings,
  investPostings,
  stopPostings,
  transferPostings,
  withdrawalHoldPostings,
  withdrawalReleasePostings,
  withdrawalSettlePostings,
  type Posting,
  type TxType,
} from '../../src/core/ledger';
import type { Db } from '../../src/server/db/index';
import type { Op, World } from './world';

/**
 * After a crash, decides from the database what became of each request the client got no answer
 * to: applied WHOLE (every row and every entry it writes) or not at all. Anything in between is a
 * problem. Applied ones are booked into the world like answered ones.
 */
export async function resolveUnanswered(
  db: Db,
  world: World,
  uploadsDir: string,
): Promise<{ applied: number; lost: number }> {
  let applied = 0;
  let lost = 0;
  for (const op of world.ops.filter((o) => o.outcome === 'unanswered')) {
    const problem = (text: string) => world.problem(`unanswered ${op.kind} #${op.seq}: ${text}`);
    const result = await resolveOne(db, world, op, uploadsDir, problem);
    if (result === null) {
      // Sign-ins, clock moves: no money, nothing to resolve.
      op.outcome = 'lost';
      continue;
    }
    if (result.applied) {
      op.outcome = 'applied';
      applied += 1;
      world.applyEffect(op, result.detail ?? {});
    } else {
      op.outcome = 'lost';
      lost += 1;
      world.release(op);
    }
  }
  return { applied, lost };
}

type Resolution = { applied: boolean; detail?: Parameters<World['applyEffect']>[1] } | null;

async function txByKey(db: Db, userId: string, key: string) {
  return db
    .selectFrom('ledger_tx')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

async function txByRef(db: Db, type: TxType, refId: string) {
  return db.selectFrom('ledger_tx').selectAll().where('type', '=', type).where('ref_id', '=', refId).execute();
}

/** The entries of a transaction must be exactly the postings the operation defines. */
async function entriesMatch(db: Db, txId: string, postings: Posting[]): Promise<string | null> {
  const rows = await db
    .selectFrom('ledger_entry')
    .select(['account_id', 'amount_cents'])
    .where('tx_id', '=', txId)
    .execute();
  const actual = rows.map((r) => `${r.account_id}:${Number(r.amount_cents)}`).sort();
  const expected = postings.map((p) => `${accountId(p.account)}:${p.amount}`).sort();
  return actual.join(',') === expected.join(',')
    ? null
    : `entries ${actual.join(',')} instead of ${expected.join(',')}`;
}

async function auditCount(db: Db, targetId: string): Promise<number> {
  const r = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

async function resolveOne(
  db: Db,
  world: World,
  op: Op,
  uploadsDir: string,
  problem: (t: string) => void,
): Promise<Resolution> {
  switch (op.kind) {
    case 'login':
    case 'clock':
      return null;

    case 'signup': {
      const user = await db.selectFrom('user').select('id').where('email', '=', op.signup!.email).executeTakeFirst();
      const profile = await db
        .selectFrom('user_profile')
        .select('user_id')
        .where('email', '=', op.signup!.email)
        .executeTakeFirst();
      if (!user) {
        if (profile) problem('a profile without its user');
        return { applied: false };
      }
      const account = await db.selectFrom('account').select('id').where('userId', '=', user.id).executeTakeFirst();
      if (!account || !profile) problem(`user ${user.id} without ${account ? 'profile' : 'password account'}`);
      const pending = world.pendingSignups.find((p) => p.email === op.signup!.email);
      if (pending) pending.exists = true;
      return { applied: true };
    }

    case 'deposit': {
      const row = await db
        .selectFrom('deposit_request')
        .selectAll()
        .where('user_id', '=', op.userId)
        .where('idempotency_key', '=', op.key!)
        .executeTakeFirst();
      if (!row) return { applied: false };
      if (Number(row.amount_cents) !== op.amount)
        problem(`deposit ${row.id} has ${row.amount_cents} instead of ${op.amount}`);
      const file = row.proof_path ? path.join(uploadsDir, row.proof_path) : null;
      if (!file || !existsSync(file) || statSync(file).size === 0)
        problem(`deposit ${row.id} without its proof file ${row.proof_path}`);
      return { applied: true, detail: { createdId: row.id, amount: Number(row.amount_cents) } };
    }

    case 'invest': {
      const tx = await txByKey(db, op.userId, op.key!);
      if (!tx) return { applied: false };
      const inv = await db.selectFrom('investment').selectAll().where('invest_tx_id', '=', tx.id).executeTakeFirst();
      if (tx.type !== 'invest' || !inv || tx.ref_id !== inv.id)
        problem(`invest tx ${tx.id} without its investment row`);
      if (tx.response === null) problem(`invest tx ${tx.id} committed without its stored answer`);
      const bad = await entriesMatch(db, tx.id, investPostings(op.userId, op.amount!));
      if (bad) problem(bad);
      return {
        applied: true,
        detail: { createdId: inv?.id ?? tx.ref_id!, createdAt: Date.parse(inv?.created_at ?? tx.created_at) },
      };
    }

    case 'stop': {
      const tx = await txByKey(db, op.userId, op.key!);
      const inv = await db.selectFrom('investment').selectAll().where('id', '=', op.target!).executeTakeFirstOrThrow();
      if (!tx) {
        if (inv.is_active !== 1 || inv.stop_tx_id !== null)
          problem(`investment ${inv.id} closed without the stop transaction`);
        return { applied: false };
      }
      if (tx.type !== 'stop' || tx.ref_id !== inv.id || inv.is_active !== 0 || inv.stop_tx_id !== tx.id)
        problem(`stop tx ${tx.id} but investment ${inv.id} is active=${inv.is_active} stop_tx=${inv.stop_tx_id}`);
      const credited = Number(inv.current_value_cents);
      const bad = await entriesMatch(db, tx.id, stopPostings(op.userId, Number(inv.amount_cents), credited));
      if (bad) problem(bad);
      return { applied: true, detail: { credited } };
    }

    case 'transfer': {
      const tx = await txByKey(db, op.userId, op.key!);
      if (!tx) return { applied: false };
      const row = await db.selectFrom('internal_transfer').selectAll().where('tx_id', '=', tx.id).executeTakeFirst();
      if (
        tx.type !== 'transfer' ||
        !row ||
        row.sender_id !== op.userId ||
        row.recipient_id !== op.recipientId ||
        Number(row.amount_cents) !== op.amount
      ) {
        problem(`transfer tx ${tx.id} without its matching transfer row`);
      }
      const bad = await entriesMatch(db, tx.id, transferPostings(op.userId, op.recipientId!, op.amount!));
      if (bad) problem(bad);
      return { applied: true, detail: { createdId: row?.id ?? tx.ref_id! } };
    }

    case 'withdraw': {
      const tx = await txByKey(db, op.userId, op.key!);
      if (!tx) return { applied: false };
      const row = await db
        .selectFrom('withdrawal_request')
        .selectAll()
        .where('hold_tx_id', '=', tx.id)
        .executeTakeFirst();
      if (tx.type !== 'withdrawal_hold' || !row || Number(row.amount_cents) !== op.amount || row.status !== 'pending')
        problem(`withdrawal hold ${tx.id} without its pending request row`);
      const bad = await entriesMatch(db, tx.id, withdrawalHoldPostings(op.userId, op.amount!));
      if (bad) problem(bad);
      return { applied: true, detail: { createdId: row?.id ?? tx.ref_id! } };
    }

    case 'approveDeposit':
    case 'rejectDeposit': {
      const d = world.deposits.get(op.target!)!;
      const row = await db
        .selectFrom('deposit_request')
        .selectAll()
        .where('id', '=', op.target!)
        .executeTakeFirstOrThrow();
      const txs = await txByRef(db, 'deposit', row.id);
      const audits = await auditCount(db, row.id);
      if (row.status === 'pending') {
        if (txs.length > 0 || row.tx_id !== null || audits > 0)
          problem(`deposit ${row.id} still pending but has ${txs.length} credit(s), ${audits} audit row(s)`);
        return { applied: false };
      }
      const wanted = op.kind === 'approveDeposit' ? 'approved' : 'rejected';
      if (row.status !== wanted) problem(`deposit ${row.id} is ${row.status}, not ${wanted}`);
      if (audits !== 1) problem(`deposit ${row.id} decided with ${audits} audit rows`);
      if (row.status === 'approved') {
        if (txs.length !== 1 || row.tx_id !== txs[0]!.id)
          problem(`approved deposit ${row.id} with ${txs.length} credit(s)`);
        else {
          const bad = await entriesMatch(db, txs[0]!.id, depositPostings(d.userId, d.amount));
          if (bad) problem(bad);
        }
      } else if (txs.length > 0 || row.tx_id !== null) problem(`rejected deposit ${row.id} was credited`);
      return { applied: row.status === wanted };
    }

    case 'approveWithdrawal':
    case 'rejectWithdrawal': {
      const w = world.withdrawals.get(op.target!)!;
      const row = await db
        .selectFrom('withdrawal_request')
        .selectAll()
        .where('id', '=', op.target!)
        .executeTakeFirstOrThrow();
      const settles = await txByRef(db, 'withdrawal_settle', row.id);
      const releases = await txByRef(db, 'withdrawal_release', row.id);
      const audits = await auditCount(db, row.id);
      if (row.status === 'pending') {
        if (settles.length + releases.length > 0 || row.settle_tx_id !== null || audits > 0)
          problem(`withdrawal ${row.id} still pending but settled/released or audited`);
        return { applied: false };
      }
      const wanted = op.kind === 'approveWithdrawal' ? 'approved' : 'rejected';
      if (row.status !== wanted) problem(`withdrawal ${row.id} is ${row.status}, not ${wanted}`);
      if (audits !== 1) problem(`withdrawal ${row.id} decided with ${audits} audit rows`);
      const txs = row.status === 'approved' ? settles : releases;
      const other = row.status === 'approved' ? releases : settles;
      if (txs.length !== 1 || other.length !== 0)
        problem(
          `${row.status} withdrawal ${row.id} with ${settles.length} settle(s) and ${releases.length} release(s)`,
        );
      else {
        const postings =
          row.status === 'approved'
            ? withdrawalSettlePostings(w.userId, w.amount)
            : withdrawalReleasePostings(w.userId, w.amount);
        const bad = await entriesMatch(db, txs[0]!.id, postings);
        if (bad) problem(bad);
        if (row.status === 'approved' && row.settle_tx_id !== txs[0]!.id)
          problem(`approved withdrawal ${row.id} not linked to its settlement`);
      }
      return { applied: row.status === wanted };
    }
  }
}
