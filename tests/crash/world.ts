import type { TxType } from '../../src/core/ledger';

/** What the client side knows: users, open requests, investments, and every request it made. */
export interface User {
  id: string;
  uid: string;
  email: string;
  password: string;
  cookie: string;
}

export type Kind =
  | 'signup'
  | 'login'
  | 'clock'
  | 'deposit'
  | 'approveDeposit'
  | 'rejectDeposit'
  | 'invest'
  | 'stop'
  | 'transfer'
  | 'withdraw'
  | 'approveWithdrawal'
  | 'rejectWithdrawal';

export const moneyKinds: readonly Kind[] = [
  'deposit',
  'approveDeposit',
  'rejectDeposit',
  'invest',
  'stop',
  'transfer',
  'withdraw',
  'approveWithdrawal',
  'rejectWithdrawal',
];
export const keyedKinds: readonly Kind[] = ['deposit', 'invest', 'stop', 'transfer', 'withdraw'];

/**
 * One request as the client made it. `ok`/`refused`: answered 2xx/4xx. `unanswered`: no whole
 * answer (the kill); after the crash the database tells `applied` (whole) or `lost` (nothing).
 */
export interface Op {
  seq: number;
  life: number;
  kind: Kind;
  /** The acting user (the operator for decisions). */
  userId: string;
  key?: string;
  /** The deposit, withdrawal or investment acted on. */
  target?: string;
  amount?: number;
  recipientId?: string;
  signup?: { email: string; password: string };
  method: string;
  path: string;
  json?: unknown;
  body?: { bytes: Buffer; contentType: string };
  outcome: 'sent' | 'ok' | 'refused' | 'unanswered' | 'applied' | 'lost';
  status?: number;
  response?: unknown;
  error?: string;
  /** What it created (deposit, withdrawal, investment or transfer id). */
  createdId?: string;
  /** A resend with the same Idempotency-Key: of an op whose fate the client did not know, or a replay of an answered one. */
  resendOf?: number;
  resendKind?: 'retry' | 'replay';
}

export interface Balances {
  available: number;
  invested: number;
  hold: number;
}

type Status = 'pending' | 'approved' | 'rejected';
export interface Request {
  id: string;
  userId: string;
  amount: number;
  status: Status;
  busy: boolean;
}
export interface Investment {
  id: string;
  userId: string;
  amount: number;
  createdAt: number;
  active: boolean;
  busy: boolean;
}

export const DAY_MS = 86_400_000;

export class World {
  users: User[] = [];
  admin!: User;
  /** Signups whose answer (or login) was lost: resolved against the database after the restart. */
  pendingSignups: Array<{ email: string; password: string; exists?: boolean }> = [];
  deposits = new Map<string, Request>();
  withdrawals = new Map<string, Request>();
  investments = new Map<string, Investment>();
  /** Days the server clock must be ahead of the wall clock (restored after each restart). */
  clockDays = 0;
  ops: Op[] = [];
  life = 0;
  balances = new Map<string, Balances>();
  txCount: Record<TxType, number> = {
    deposit: 0,
    withdrawal_hold: 0,
    withdrawal_settle: 0,
    withdrawal_release: 0,
    invest: 0,
    stop: 0,
    transfer: 0,
  };
  /** E-mails (and audit rows) the decisions must have queued, by template. */
  decisions = { deposit_approved: 0, deposit_rejected: 0, withdrawal_approved: 0, withdrawal_rejected: 0 };
  problems: string[] = [];

  private seq = 0;

  newOp(fields: Omit<Op, 'seq' | 'life' | 'outcome'>): Op {
    const op: Op = { ...fields, seq: ++this.seq, life: this.life, outcome: 'sent' };
    this.ops.push(op);
    return op;
  }

  /** The same request again (same Idempotency-Key), as a client does when it never got an answer. */
  resend(op: Op, kind: 'retry' | 'replay'): Op {
    const { kind: k, userId, key, target, amount, recipientId, signup, method, path, json, body } = op;
    return this.newOp({
      kind: k,
      userId,
      key,
      target,
      amount,
      recipientId,
      signup,
      method,
      path,
      json,
      body,
      resendOf: op.seq,
      resendKind: kind,
    });
  }

  problem(text: string): void {
    this.problems.push(`[life ${this.life}] ${text}`);
  }

  balance(userId: string): Balances {
    let b = this.balances.get(userId);
    if (!b) {
      b = { available: 0, invested: 0, hold: 0 };
      this.balances.set(userId, b);
    }
    return b;
  }

  userById(id: string): User | undefined {
    return this.users.find((u) => u.id === id);
  }

  serverNow(): number {
    return Date.now() + this.clockDays * DAY_MS;
  }

  /**
   * Books the effect of an op that happened (answered 2xx, or found whole after the crash).
   * `detail` carries what only the server knew: the id it created, the value a stop paid.
   */
  applyEffect(op: Op, detail: { createdId?: string; createdAt?: number; credited?: number; amount?: number }): void {
    op.createdId = detail.createdId ?? op.createdId;
    switch (op.kind) {
      case 'deposit':
        this.deposits.set(op.createdId!, {
          id: op.createdId!,
          userId: op.userId,
          amount: detail.amount ?? op.amount!,
          status: 'pending',
          busy: false,
        });
        return;
      case 'approveDeposit': {
        const d = this.deposits.get(op.target!)!;
        d.status = 'approved';
        d.busy = false;
        this.balance(d.userId).available += d.amount;
        this.txCount.deposit += 1;
        this.decisions.deposit_approved += 1;
        return;
      }
      case 'rejectDeposit': {
        const d = this.deposits.get(op.target!)!;
        d.status = 'rejected';
        d.busy = false;
        this.decisions.deposit_rejected += 1;
        return;
      }
      case 'invest': {
        const b = this.balance(op.userId);
        b.available -= op.amount!;
        b.invested += op.amount!;
        this.txCount.invest += 1;
        this.investments.set(op.createdId!, {
          id: op.createdId!,
          userId: op.userId,
          amount: op.amount!,
          createdAt: detail.createdAt!,
          active: true,
          busy: false,
        });
        return;
      }
      case 'stop': {
        const inv = this.investments.get(op.target!)!;
        inv.active = false;
        inv.busy = false;
        const b = this.balance(op.userId);
        b.invested -= inv.amount;
        b.available += detail.credited!;
        this.txCount.stop += 1;
        return;
      }
      case 'transfer':
        this.balance(op.userId).available -= op.amount!;
        this.balance(op.recipientId!).available += op.amount!;
        this.txCount.transfer += 1;
        return;
      case 'withdraw': {
        const b = this.balance(op.userId);
        b.available -= op.amount!;
        b.hold += op.amount!;
        this.txCount.withdrawal_hold += 1;
        this.withdrawals.set(op.createdId!, {
          id: op.createdId!,
          userId: op.userId,
          amount: op.amount!,
          status: 'pending',
          busy: false,
        });
        return;
      }
      case 'approveWithdrawal': {
        const w = this.withdrawals.get(op.target!)!;
        w.status = 'approved';
        w.busy = false;
        this.balance(w.userId).hold -= w.amount;
        this.txCount.withdrawal_settle += 1;
        this.decisions.withdrawal_approved += 1;
        return;
      }
      case 'rejectWithdrawal': {
        const w = this.withdrawals.get(op.target!)!;
        w.status = 'rejected';
        w.busy = false;
        const b = this.balance(w.userId);
        b.hold -= w.amount;
        b.available += w.amount;
        this.txCount.withdrawal_release += 1;
        this.decisions.withdrawal_rejected += 1;
        return;
      }
      default:
    }
  }

  /** Frees what a refused or lost op had reserved, so the traffic can pick it again. */
  release(op: Op): void {
    if (op.kind === 'approveDeposit' || op.kind === 'rejectDeposit') this.deposits.get(op.target!)!.busy = false;
    if (op.kind === 'approveWithdrawal' || op.kind === 'rejectWithdrawal')
      this.withdrawals.get(op.target!)!.busy = false;
    if (op.kind === 'stop') this.investments.get(op.target!)!.busy = false;
  }
}
