import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, type Area } from '../../../core/areas';
import { DAY_MS } from '../../../core/clock';
import { fromDecimalString, mulDiv, toDecimalString } from '../../../core/money';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund, insertBareUser } from '../../../../tests/support/money';
import { createInvestingService } from '../investing/investing.service';
import { platformBalances, userBalances } from './ledger.service';
import { verifyLedger } from './verify';

type Op =
  | { kind: 'deposit'; user: number; cents: number }
  | { kind: 'invest'; user: number; area: Area; cents: number }
  | { kind: 'stop'; user: number; pick: number }
  | { kind: 'transfer'; from: number; to: number; cents: number }
  | { kind: 'days'; days: number }
  | { kind: 'price'; cents: number };

const USERS = 3;
const cents = fc.integer({ min: 1, max: 500_000 });
const user = fc.integer({ min: 0, max: USERS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, cents }),
  fc.record({ kind: fc.constant('invest' as const), user, area: fc.constantFrom(...areas), cents }),
  fc.record({ kind: fc.constant('stop' as const), user, pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('transfer' as const), from: user, to: user, cents }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 7 }) }),
  fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 1_000_000, max: 12_000_000 }) }),
);

describe(`ledger invariants under random money traffic (${testDialect})`, () => {
  let t: TestApp;
  let price = 6_500_000;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps every transaction balanced, balances exact and non-negative, and money conserved', async () => {
    const investing = createInvestingService(t.ctx, {
      prices: { current: async () => ({ priceCents: price }) },
      movements: t.app.services.movements,
    });
    const transfers = t.app.services.transfers;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const users = await Promise.all(Array.from({ length: USERS }, () => insertBareUser(t.ctx)));
        const model = users.map(() => ({
          available: 0,
          invested: 0,
          open: [] as Array<{ id: string; cents: number; at: number; priceAt: number | null }>,
        }));
        const before = await platformBalances(t.ctx.db);
        for (const o of ops) {
          switch (o.kind) {
            case 'deposit':
              await fund(t.ctx, users[o.user]!.id, o.cents);
              model[o.user]!.available += o.cents;
              break;
            case 'invest': {
              const m = model[o.user]!;
              const ok = o.cents <= m.available;
              const attempt = investing.invest(users[o.user]!.id, { area: o.area, amount: toDecimalString(o.cents) });
              if (!ok) {
                await expect(attempt).rejects.toMatchObject({
                  code: 'insufficient_balance',
                  params: { balance: toDecimalString(m.available) },
                });
                break;
              }
              const { investment } = await attempt;
              m.available -= o.cents;
              m.invested += o.cents;
              m.open.push({
                id: investment.id,
                cents: o.cents,
                at: t.clock.now().getTime(),
                priceAt: o.area === 'crypto' ? price : null,
              });
              break;
            }
            case 'stop': {
              const m = model[o.user]!;
              const inv = m.open[o.pick % Math.max(1, m.open.length)];
              if (!inv) break;
              const unlocked = t.clock.now().getTime() - inv.at >= 5 * DAY_MS;
              const attempt = investing.stop(users[o.user]!.id, inv.id);
              if (!unlocked) {
                await expect(attempt).rejects.toMatchObject({ code: 'investment_locked' });
                break;
              }
              const value = inv.priceAt ? mulDiv(inv.cents, price, inv.priceAt) : inv.cents;
              const { credited } = await attempt;
              expect(fromDecimalString(credited)).toBe(value);
              m.available += value;
              m.invested -= inv.cents;
              m.open = m.open.filter((x) => x !== inv);
              break;
            }
            case 'transfer': {
              const attempt = transfers.transfer(users[o.from]!.id, {
                recipientUid: users[o.to]!.uid,
                amount: toDecimalString(o.cents),
              });
              if (o.from === o.to) {
                await expect(attempt).rejects.toMatchObject({ code: 'transfer_to_self' });
              } else if (o.cents > model[o.from]!.available) {
                await expect(attempt).rejects.toMatchObject({ code: 'transfer_insufficient_balance' });
              } else {
                await attempt;
                model[o.from]!.available -= o.cents;
                model[o.to]!.available += o.cents;
              }
              break;
            }
            case 'days':
              t.clock.advance(o.days * DAY_MS);
              break;
            case 'price':
              price = o.cents;
              break;
          }
          const report = await verifyLedger(t.ctx.db);
          expect(report.problems).toEqual([]);
        }
        for (const [i, u] of users.entries()) {
          const b = await userBalances(t.ctx.db, u.id);
          expect({ available: b.available, invested: b.invested }).toEqual({
            available: model[i]!.available,
            invested: model[i]!.invested,
          });
        }
        // Users' money equals what came in minus what went out, plus the gains paid (or minus losses kept).
        const after = await platformBalances(t.ctx.db);
        const usersTotal = model.reduce((s, m) => s + m.available + m.invested, 0);
        const platformDelta =
          after.deposits - before.deposits + (after.withdrawals - before.withdrawals) + (after.pnl - before.pnl);
        expect(usersTotal + platformDelta).toBe(0);
      }),
      { numRuns: testDialect === 'sqlite' ? 1000 : 200 },
    );
  }, 600_000);
});
