import { timeOrderedId } from '../../../core/ids';
import { isArea, type Area } from '../../../core/areas';
import { DomainError } from '../../../core/errors';
import { investPostings, stopPostings } from '../../../core/ledger';
import { investmentLockDaysLeft } from '../../../core/locks';
import { requireAmount, toDecimalString } from '../../../core/money';
import type { Investment, StopResult } from '../../../contracts/investing';
import type { AppContext } from '../../context';
import type { Notifier } from '../notifier';
import { availableBalance, InsufficientFunds, type IdempotencyInput } from '../ledger/ledger.service';
import type { Movements } from '../ledger/movement';
import { insert } from '../ledger/plan';
import { firstInvestment, isInvestor } from '../accounts/accounts.steps';
import { notFrozen } from '../freeze/freeze.steps';
import { notClosing } from '../closure/closure.steps';
import * as repo from './investing.repo';
import type { InvestmentRow } from './investing.repo';
import { storedInvestmentValue } from './valuation';

/** Where the BTC price comes from; null when no price can be had at all. */
export interface PriceSource {
  current(): Promise<{ priceCents: number } | null>;
}

export interface InvestingDeps {
  prices: PriceSource;
  movements: Movements;
  notify?: Notifier;
}

export function toInvestment(row: InvestmentRow, now: Date, btcPriceCents: number | null = null): Investment {
  const active = row.is_active === 1;
  return {
    id: row.id,
    area: row.area as Area,
    amount: toDecimalString(Number(row.amount_cents)),
    currentValue: toDecimalString(active ? storedInvestmentValue(row, btcPriceCents) : Number(row.current_value_cents)),
    btcPriceAtInvestment:
      row.btc_price_at_investment_cents === null ? null : toDecimalString(Number(row.btc_price_at_investment_cents)),
    isActive: active,
    createdAt: row.created_at,
    stoppedAt: row.stopped_at,
    lockDaysLeft: active ? investmentLockDaysLeft(new Date(row.created_at), now) : 0,
  };
}

async function safePrice(prices: PriceSource): Promise<number | null> {
  try {
    return (await prices.current())?.priceCents ?? null;
  } catch {
    return null;
  }
}

export function createInvestingService(ctx: AppContext, deps: InvestingDeps) {
  const { db, clock } = ctx;
  const { movements } = deps;

  async function insufficientBalance(userId: string): Promise<DomainError> {
    return new DomainError('insufficient_balance', { balance: toDecimalString(await availableBalance(db, userId)) });
  }

  return {
    async invest(userId: string, input: { area: string; amount: string }, idempotencyKey?: string) {
      if (!isArea(input.area)) throw new DomainError('unknown_area');
      const area = input.area;
      const amount = requireAmount(input.amount);
      // The price is fetched before the transaction: no network wait while holding the database.
      const btcPrice = area === 'crypto' ? await safePrice(deps.prices) : null;
      try {
        const now = clock.now();
        const id = timeOrderedId();
        const txId = timeOrderedId();
        const row: InvestmentRow = {
          id,
          user_id: userId,
          area,
          amount_cents: amount,
          current_value_cents: amount,
          btc_price_at_investment_cents: btcPrice,
          is_active: 1,
          created_at: now.toISOString(),
          stopped_at: null,
          invest_tx_id: txId,
          stop_tx_id: null,
        };
        const result = await movements.apply(
          { userId, key: idempotencyKey, request: ['invest', area, amount] },
          {
            money: {
              txId,
              type: 'invest',
              userId,
              createdBy: userId,
              postings: investPostings(userId, amount),
              ref: { type: 'investment', id },
            },
            steps: [
              notFrozen(userId),
              notClosing(userId),
              isInvestor(userId),
              insert('investment', row),
              // The withdrawal lock starts from here (checked by a withdrawal on the same row).
              firstInvestment(userId, now),
            ],
            respond: (balanceAfter) => ({
              investment: toInvestment(row, now, btcPrice),
              balance: balanceAfter({ owner: userId, kind: 'available' }),
            }),
          },
          now,
        );
        deps.notify?.userChanged(userId, 'investment');
        return result;
      } catch (err) {
        if (err instanceof InsufficientFunds) throw await insufficientBalance(userId);
        throw err;
      }
    },

    async stop(userId: string, investmentId: string, idempotencyKey?: string) {
      const idem = { userId, key: idempotencyKey, request: ['stop', investmentId] };
      // A replay returns the first answer, even though the investment is no longer active.
      const earlier = await movements.replay<StopResult>(idem);
      if (earlier) return earlier;
      let result: StopResult;
      try {
        result = await stopOnce(userId, investmentId, idem);
      } catch (err) {
        // The checks refused because a concurrent retry with this key has just committed (the
        // investment is no longer active): this retry gets that first answer, as it would a moment later.
        const first = idem.key && err instanceof DomainError ? await movements.replay<StopResult>(idem) : undefined;
        if (first === undefined) throw err;
        result = first;
      }
      deps.notify?.userChanged(userId, 'investment');
      return result;
    },

    async listActive(userId: string) {
      const rows = await repo.activeInvestments(db, userId);
      const needsPrice = rows.some((r) => r.area === 'crypto');
      const btcPrice = needsPrice ? await safePrice(deps.prices) : null;
      const now = clock.now();
      return rows.map((r) => toInvestment(r, now, btcPrice));
    },
  };

  /** The checks and the movement of one stop (its first answer is kept under the idempotency key). */
  async function stopOnce(userId: string, investmentId: string, idem: IdempotencyInput): Promise<StopResult> {
    const found = await repo.findInvestment(db, userId, investmentId);
    if (!found) throw new DomainError('investment_not_found');
    if (found.is_active !== 1) throw new DomainError('investment_not_active');
    const daysLeft = investmentLockDaysLeft(new Date(found.created_at), clock.now());
    if (daysLeft > 0) throw new DomainError('investment_locked', { days: daysLeft });
    const btcPrice = found.area === 'crypto' ? await safePrice(deps.prices) : null;
    const value = storedInvestmentValue(found, btcPrice);
    const now = clock.now();
    const principal = Number(found.amount_cents);
    const postings = stopPostings(userId, principal, value);
    // A stop worth nothing leaves the available balance untouched (no posting): its answer shows
    // the balance as read here, just before the movement.
    const untouched = value === 0 ? toDecimalString(await availableBalance(db, userId)) : null;
    const txId = timeOrderedId();
    const stopped = { is_active: 0, stopped_at: now.toISOString(), stop_tx_id: txId, current_value_cents: value };
    return movements.apply<StopResult>(
      idem,
      {
        money: { txId, type: 'stop', userId, createdBy: userId, postings, ref: { type: 'investment', id: found.id } },
        steps: [
          {
            do: 'update',
            table: 'investment',
            set: stopped,
            where: { id: found.id, is_active: 1 },
            refuse: { code: 'investment_not_active' },
          },
        ],
        respond: (balanceAfter) => ({
          investment: toInvestment({ ...found, ...stopped }, now),
          credited: toDecimalString(value),
          balance: untouched ?? balanceAfter({ owner: userId, kind: 'available' }),
        }),
      },
      now,
    );
  }
}
