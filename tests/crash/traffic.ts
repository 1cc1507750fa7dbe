import * as act from './actions';
import type { Driver } from './actions';
import { DAY_MS } from './world';

export interface TrafficOptions {
  workers: number;
  maxUsers: number;
}

/** A share of what the user can spend, at least one dollar (a refusal for lack of funds is fine traffic too). */
function someOf(d: Driver, cents: number): number {
  return Math.max(100, Math.floor((cents * d.rng.int(5, 45)) / 100));
}

/**
 * One random step of a realistic mix: people deposit, invest, stop, send, withdraw; the operator
 * decides. Every deposit and withdrawal ends in a decision and an e-mail, and the outbox sends
 * 20 per 5 s: their share is kept so that the final drain stays in minutes.
 */
function nextAction(d: Driver, opts: TrafficOptions, clockBusy: { on: boolean }): (() => Promise<unknown>) | undefined {
  const w = d.world;
  const users = w.users;
  const user = users.length > 0 ? d.rng.pick(users) : undefined;
  const pendingDeposits = [...w.deposits.values()].filter((r) => r.status === 'pending' && !r.busy);
  const pendingWithdrawals = [...w.withdrawals.values()].filter((r) => r.status === 'pending' && !r.busy);
  const stopAfter = w.serverNow() - 5 * DAY_MS - 60_000;
  const stoppable = [...w.investments.values()].filter((i) => i.active && !i.busy && i.createdAt <= stopAfter);
  const available = user ? w.balance(user.id).available : 0;
  return d.rng.weighted<() => Promise<unknown>>([
    [users.length < opts.maxUsers ? 1.5 : 0, () => act.signupFlow(d)],
    [user ? 0.4 : 0, () => act.relogin(d, user!)],
    [user ? 1.2 : 0, () => act.deposit(d, user!, d.rng.int(100, 2000) * 100)],
    [pendingDeposits.length ? 1.5 : 0, () => act.decide(d, 'approveDeposit', d.rng.pick(pendingDeposits).id)],
    [pendingDeposits.length ? 0.3 : 0, () => act.decide(d, 'rejectDeposit', d.rng.pick(pendingDeposits).id)],
    [user ? 3 : 0, () => act.invest(d, user!, someOf(d, available))],
    [stoppable.length ? 2 : 0, () => act.stop(d, d.rng.pick(stoppable).id)],
    [
      users.length > 1 ? 3 : 0,
      () => act.transfer(d, user!, d.rng.pick(users.filter((u) => u !== user)), someOf(d, available)),
    ],
    [user ? 0.8 : 0, () => act.withdraw(d, user!, someOf(d, available))],
    [pendingWithdrawals.length ? 0.8 : 0, () => act.decide(d, 'approveWithdrawal', d.rng.pick(pendingWithdrawals).id)],
    [pendingWithdrawals.length ? 0.5 : 0, () => act.decide(d, 'rejectWithdrawal', d.rng.pick(pendingWithdrawals).id)],
    [
      clockBusy.on ? 0 : 0.3,
      async () => {
        clockBusy.on = true;
        try {
          await act.advanceClock(d, d.rng.int(1, 6));
        } finally {
          clockBusy.on = false;
        }
      },
    ],
  ]);
}

/** Workers that keep requests in flight until `halt()` (called right after the kill). */
export function startTraffic(d: Driver, opts: TrafficOptions): { halt(): void; done: Promise<void> } {
  let halted = false;
  const clockBusy = { on: false };
  const worker = async () => {
    while (!halted) {
      const action = nextAction(d, opts, clockBusy);
      if (!action) {
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      try {
        await action();
      } catch (err) {
        d.world.problem(`driver error: ${(err as Error).stack ?? String(err)}`);
        halted = true;
      }
    }
  };
  const done = Promise.all(Array.from({ length: opts.workers }, worker)).then(() => {});
  return {
    halt: () => {
      halted = true;
    },
    done,
  };
}
