import { sql } from 'kysely';
import { DAY_MS } from '../../../src/core/clock';
import { verifyLedger } from '../../../src/server/modules/ledger/verify';
import { createTestApp, type TestApp } from '../app';
import { sampleImage } from '../images';
import { fund } from '../money';
import { startStubPriceServer, type StubPriceServer } from '../price-stub';
import { createAdmin, createUser, login, type TestUser } from '../users';

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const FUNDING_CENTS = 5_000_000;

export type PersonaName = 'user' | 'other' | 'admin';

export interface Owned {
  investments: string[];
  deposits: string[];
  withdrawals: string[];
  /** Support conversations: one open at a time per person (issue 46), so each person has one. */
  conversations: string[];
}

/** An app with three signed-in people who own money, investments and requests of every kind. */
export interface World {
  t: TestApp;
  price: StubPriceServer;
  personas: Record<PersonaName, TestUser>;
  /** Someone nobody signs in as: the target of login, reset and better-auth admin attempts. */
  victim: TestUser;
  owned: Record<'user' | 'other', Owned>;
  /** Monitoring alerts the set-up's movements raised (large deposits, money out soon after money in), oldest first. */
  alerts: string[];
  png: Buffer;
  /** Every cent the test put in by hand (approved deposits go through the ledger as usual). */
  fundedCents: number;
  /** Signs the person in again (a fuzzed logout or revocation may have ended the session). */
  relogin(name: PersonaName): Promise<void>;
  /** Signs the person in again if their session no longer works; true when it had to. */
  ensureSignedIn(name: PersonaName): Promise<boolean>;
  close(): Promise<void>;
}

export function multipartDeposit(amount: string, file?: { bytes: Buffer; name: string; type: string }): FormData {
  const data = new FormData();
  data.append('amount', amount);
  if (file) data.append('proof', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

async function seedOwned(w: { t: TestApp; png: Buffer }, who: TestUser, admin: TestUser): Promise<Owned> {
  const { t, png } = w;
  const owned: Owned = { investments: [], deposits: [], withdrawals: [], conversations: [] };
  const inject = (method: 'GET' | 'POST', url: string, payload?: unknown, as: TestUser = who) =>
    t.app.inject({ method, url, payload: payload as never, headers: { cookie: as.cookie } });
  const expectStatus = (res: { statusCode: number; body: string }, status: number, what: string) => {
    if (res.statusCode !== status) throw new Error(`seed: ${what} gave ${res.statusCode} ${res.body}`);
    return JSON.parse(res.body) as { id: string; investment?: { id: string } };
  };
  for (const amount of ['120.00', '80.00', '45.50']) {
    owned.deposits.push(
      expectStatus(
        await inject(
          'POST',
          '/api/deposits',
          multipartDeposit(amount, { bytes: png, name: 'proof.png', type: 'image/png' }),
        ),
        201,
        'deposit',
      ).id,
    );
  }
  // One approved and one rejected, one left pending.
  expectStatus(
    await inject('POST', `/api/admin/deposits/${owned.deposits[0]}/approve`, undefined, admin),
    200,
    'approve',
  );
  expectStatus(
    await inject(
      'POST',
      `/api/admin/deposits/${owned.deposits[1]}/reject`,
      { reason: 'proof_unreadable', note: 'flou' },
      admin,
    ),
    200,
    'reject',
  );
  for (const amount of ['30.00', '20.00', '10.00']) {
    owned.withdrawals.push(
      expectStatus(
        await inject('POST', '/api/withdrawals', { amount, crypto: 'BTC', address: BTC_ADDRESS }),
        201,
        'withdrawal',
      ).id,
    );
  }
  expectStatus(
    await inject('POST', `/api/admin/withdrawals/${owned.withdrawals[0]}/approve`, undefined, admin),
    200,
    'approve',
  );
  expectStatus(
    await inject('POST', `/api/admin/withdrawals/${owned.withdrawals[1]}/reject`, { reason: 'address_invalid' }, admin),
    200,
    'reject',
  );
  for (const area of ['crypto', 'stocks', 'trading', 'real_estate']) {
    owned.investments.push(
      expectStatus(await inject('POST', '/api/investments', { area, amount: '100.00' }), 201, 'invest').investment!.id,
    );
  }
  for (const question of ['je conteste ce virement']) {
    owned.conversations.push(
      expectStatus(
        await inject('POST', '/api/support/conversations', { reason: 'contest', question, topic: 'transfer' }),
        201,
        'hand-off',
      ).id,
    );
  }
  return owned;
}

export async function createWorld(): Promise<World> {
  const price = await startStubPriceServer();
  const t = await createTestApp({ DEMO_MODE: 'true', BTC_PRICE_URL: price.url });
  const png = await sampleImage('png', 32, 24);
  const user = await createUser(t, { firstName: 'Alice', lastName: 'Fuzz' });
  const other = await createUser(t, { firstName: 'Bob', lastName: 'Fuzz' });
  const admin = await createAdmin(t);
  const victim = await createUser(t, { firstName: 'Victor', lastName: 'Cible' });
  await fund(t.ctx, user.id, FUNDING_CENTS);
  await fund(t.ctx, other.id, FUNDING_CENTS);
  await fund(t.ctx, victim.id, FUNDING_CENTS);
  const owned = { user: await seedOwned({ t, png }, user, admin), other: await seedOwned({ t, png }, other, admin) };
  // Past every lock: stops and withdrawals succeed when the fuzzer gets them right.
  t.clock.advance(31 * DAY_MS);
  await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    payload: { recipientUid: other.uid, amount: '5.00' },
    headers: { cookie: user.cookie },
  });
  await t.app.services.monitoring.run();
  const alerts = (await t.ctx.db.selectFrom('monitoring_alert').select('id').orderBy('tripped_at').execute()).map(
    (r) => r.id,
  );
  const personas = { user, other, admin };
  const relogin = async (name: PersonaName) => {
    const p = personas[name];
    p.cookie = await login(t, p.email, p.password);
  };
  return {
    t,
    price,
    personas,
    victim,
    owned,
    alerts,
    png,
    fundedCents: 3 * FUNDING_CENTS,
    relogin,
    ensureSignedIn: async (name) => {
      // A visitor (no live session) gets 200 with null from /api/me.
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: personas[name].cookie } });
      if (me.statusCode === 200 && me.json() !== null) return false;
      await relogin(name);
      return true;
    },
    close: async () => {
      await t.close();
      await price.close();
    },
  };
}

/** Asserts nothing; returns what is wrong with the money after whatever happened. */
export async function moneyProblems(w: World): Promise<string[]> {
  const { db } = w.t.ctx;
  const problems = [...(await verifyLedger(db)).problems];
  const balances = await db.selectFrom('ledger_account').select(['owner_id', 'kind', 'balance_cents']).execute();
  const platform = (kind: string) =>
    Number(balances.find((b) => b.owner_id === 'platform' && b.kind === kind)?.balance_cents ?? 0);
  const sumOf = async (table: 'deposit_request' | 'withdrawal_request', status: string) =>
    Number(
      (
        await sql<{
          s: string | number | null;
        }>`select sum(amount_cents) as s from ${sql.table(table)} where status = ${status}`.execute(db)
      ).rows[0]?.s ?? 0,
    );

  // Money enters only as deposits (ours by hand, the rest approved) and leaves only as approved withdrawals.
  const deposited = w.fundedCents + (await sumOf('deposit_request', 'approved'));
  if (-platform('platform_deposits') !== deposited)
    problems.push(`platform_deposits is ${platform('platform_deposits')}, deposits total ${deposited}`);
  const withdrawn = await sumOf('withdrawal_request', 'approved');
  if (platform('platform_withdrawals') !== withdrawn)
    problems.push(
      `platform_withdrawals is ${platform('platform_withdrawals')}, approved withdrawals total ${withdrawn}`,
    );
  const held = await sumOf('withdrawal_request', 'pending');
  const holds = balances.filter((b) => b.kind === 'withdrawal_hold').reduce((s, b) => s + Number(b.balance_cents), 0);
  if (holds !== held) problems.push(`holds total ${holds}, pending withdrawals ${held}`);
  const principal = Number(
    (
      await sql<{
        s: string | number | null;
      }>`select sum(amount_cents) as s from investment where is_active = 1`.execute(db)
    ).rows[0]?.s ?? 0,
  );
  const invested = balances.filter((b) => b.kind === 'invested').reduce((s, b) => s + Number(b.balance_cents), 0);
  if (invested !== principal) problems.push(`invested pools total ${invested}, active principal ${principal}`);
  const users = balances.filter((b) => b.owner_id !== 'platform').reduce((s, b) => s + Number(b.balance_cents), 0);
  // A stop posts principal - value to the platform's P&L: what people gained, the platform lost.
  const expected = deposited - withdrawn - platform('platform_pnl');
  if (users !== expected)
    problems.push(`people hold ${users}, expected deposits - withdrawals - platform P&L = ${expected}`);
  return problems;
}
