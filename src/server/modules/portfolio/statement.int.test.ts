import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../core/clock';
import { fromDecimalString, toDecimalString } from '../../../core/money';
import type { StatementLine } from '../../../contracts/portfolio';
import { createTestApp, type TestApp } from '../../../../tests/support/app';
import { testDialect } from '../../../../tests/support/db';
import { fund } from '../../../../tests/support/money';
import { readAsSpreadsheet } from '../../../../tests/support/spreadsheet';
import { createAdmin, createUser, type TestUser } from '../../../../tests/support/users';

const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

type Op =
  | { op: 'deposit'; cents: number }
  | { op: 'invest'; area: 'crypto' | 'stocks' | 'real_estate' | 'trading'; cents: number }
  | { op: 'stop' }
  | { op: 'send'; cents: number }
  | { op: 'receive'; cents: number }
  | { op: 'withdraw'; cents: number; decision: 'approve' | 'reject' | 'pending' }
  | { op: 'wait' };

const cents = fc.integer({ min: 1, max: 50_000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), cents }),
  fc.record({
    op: fc.constant('invest' as const),
    area: fc.constantFrom('crypto' as const, 'stocks' as const, 'real_estate' as const, 'trading' as const),
    cents,
  }),
  fc.record({ op: fc.constant('stop' as const) }),
  fc.record({ op: fc.constant('send' as const), cents }),
  fc.record({ op: fc.constant('receive' as const), cents }),
  fc.record({
    op: fc.constant('withdraw' as const),
    cents,
    decision: fc.constantFrom('approve' as const, 'reject' as const, 'pending' as const),
  }),
  fc.record({ op: fc.constant('wait' as const) }),
);

const parseCsv = (text: string, lang: 'fr' | 'en' | 'es' = 'en') => readAsSpreadsheet(text, lang);
/** A number as a spreadsheet holds it → the API's decimal string. */
const decimalOf = (cell: unknown) =>
  typeof cell === 'number' ? toDecimalString(Math.round(cell * 100)) : `not a number: ${String(cell)}`;

describe(`statement: every cent of the balance explained (${testDialect})`, () => {
  let t: TestApp;
  let bob: TestUser;
  let admin: TestUser;

  const as = (who: TestUser) => ({
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: who.cookie } }),
  });
  const dollars = (c: number) => (c / 100).toFixed(2);

  async function run(user: TestUser, ops: Op[]) {
    const active: string[] = [];
    for (const o of ops) {
      if (o.op === 'deposit') await fund(t.ctx, user.id, o.cents);
      if (o.op === 'invest') {
        const res = await as(user).post('/api/investments', { area: o.area, amount: dollars(o.cents) });
        if (res.statusCode === 201) active.push(res.json().investment.id);
      }
      if (o.op === 'stop' && active.length > 0) {
        t.clock.advance(5 * DAY_MS);
        expect((await as(user).post(`/api/investments/${active.shift()}/stop`)).statusCode).toBe(200);
      }
      if (o.op === 'send') await as(user).post('/api/transfers', { recipientUid: bob.uid, amount: dollars(o.cents) });
      if (o.op === 'receive')
        expect(
          (await as(bob).post('/api/transfers', { recipientUid: user.uid, amount: dollars(o.cents) })).statusCode,
        ).toBe(201);
      if (o.op === 'withdraw') {
        const res = await as(user).post('/api/withdrawals', { amount: dollars(o.cents), crypto: 'BTC', address: BTC });
        if (res.statusCode === 201 && o.decision !== 'pending') {
          expect(
            (
              await as(admin).post(
                `/api/admin/withdrawals/${res.json().id}/${o.decision}`,
                o.decision === 'reject' ? { reason: 'duplicate_request' } : {},
              )
            ).statusCode,
          ).toBe(200);
        }
      }
      if (o.op === 'wait') t.clock.advance(31 * DAY_MS);
    }
  }

  async function allLines(user: TestUser, query = '', limit = 7): Promise<StatementLine[]> {
    const lines: StatementLine[] = [];
    let cursor: string | null = null;
    do {
      const res = await as(user).get(`/api/statement?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.lines.length).toBeLessThanOrEqual(limit);
      lines.push(...body.lines);
      cursor = body.nextCursor;
    } while (cursor);
    return lines;
  }

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    bob = await createUser(t);
    admin = await createAdmin(t);
    await fund(t.ctx, bob.id, 1_000_000_00);
  });
  afterAll(async () => t.close());

  it('for random histories, the running balance ends at the current balance, line by line, in pages and in the CSV', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const user = await createUser(t);
        await run(user, ops);
        const balance = fromDecimalString((await as(user).get('/api/me')).json().balance);
        const lines = await allLines(user);

        // Newest first: each line's balance is the older line's plus its amount, from zero.
        let after = balance;
        for (const line of lines) {
          expect(fromDecimalString(line.balance)).toBe(after);
          after -= fromDecimalString(line.amount);
        }
        expect(after).toBe(0);
        if (lines.length > 0) expect(lines[0]!.balance).toBe(dollars(balance));
        expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);

        const csv = parseCsv((await as(user).get('/api/statement.csv?lang=en')).body);
        expect(csv).toHaveLength(lines.length + 1);
        if (lines.length > 0) expect(decimalOf(csv[csv.length - 1]![4])).toBe(dollars(balance));
        expect(csv.slice(1).map((row) => decimalOf(row[3]))).toEqual([...lines].reverse().map((l) => l.amount));

        // A filter shows fewer lines, each with the same running balance as in the full statement.
        const invested = await allLines(user, '&type=investment', 3);
        expect(invested).toEqual(lines.filter((l) => l.kind === 'investment'));
        expect(await allLines(user, '&type=transfer_in', 50)).toEqual(lines.filter((l) => l.kind === 'transfer_in'));
      }),
      { numRuns: 12 },
    );
  });

  it('describes each line: area, counterparty, withdrawal currency and status', async () => {
    const user = await createUser(t, { firstName: 'Lina', lastName: 'Roy' });
    await fund(t.ctx, user.id, 100_000);
    const w = await as(user).post('/api/withdrawals', { amount: '10.00', crypto: 'BTC', address: BTC });
    await as(admin).post(`/api/admin/withdrawals/${w.json().id}/reject`, { reason: 'duplicate_request' });
    await as(user).post('/api/investments', { area: 'real_estate', amount: '100.00' });
    await as(user).post('/api/transfers', { recipientUid: bob.uid, amount: '5.00' });
    await as(bob).post('/api/transfers', { recipientUid: user.uid, amount: '7.00' });
    const lines = await allLines(user, '', 50);
    expect(lines.map((l) => [l.kind, l.amount, l.balance, l.detail])).toEqual([
      ['transfer_in', '7.00', '902.00', { counterpartyUid: bob.uid, counterpartyName: bob.fullName }],
      ['transfer_out', '-5.00', '895.00', { counterpartyUid: bob.uid, counterpartyName: bob.fullName }],
      ['investment', '-100.00', '900.00', { area: 'real_estate' }],
      ['withdrawal_release', '10.00', '1000.00', { crypto: 'BTC', status: 'rejected' }],
      ['withdrawal', '-10.00', '990.00', { crypto: 'BTC', status: 'rejected' }],
      ['deposit', '1000.00', '1000.00', {}],
    ]);
  });

  it('filters by UTC day, translates the CSV and refuses bad queries', async () => {
    const user = await createUser(t, { locale: 'en' });
    await fund(t.ctx, user.id, 10_000);
    const firstDay = t.clock.now().toISOString().slice(0, 10);
    t.clock.advance(2 * DAY_MS);
    await fund(t.ctx, user.id, 2_000);
    const secondDay = t.clock.now().toISOString().slice(0, 10);
    expect((await allLines(user, `&from=${secondDay}`)).map((l) => l.amount)).toEqual(['20.00']);
    expect((await allLines(user, `&to=${firstDay}`)).map((l) => [l.amount, l.balance])).toEqual([['100.00', '100.00']]);
    expect((await allLines(user, `&from=${firstDay}&to=${firstDay}`)).map((l) => l.amount)).toEqual(['100.00']);
    // A range that ends before it starts holds nothing: refused on its end day, not answered with an empty list.
    for (const url of ['/api/statement', '/api/statement.csv']) {
      const reversed = await as(user).get(`${url}?from=${secondDay}&to=${firstDay}`);
      expect(reversed.statusCode, url).toBe(400);
      expect(reversed.json().error, url).toEqual({
        code: 'validation_failed',
        params: { fields: [{ path: 'querystring.to', code: 'before_from' }] },
      });
    }

    const en = await as(user).get('/api/statement.csv');
    expect(en.body).toContain('"Deposit","",100.00,100.00\r\n');
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.headers['content-disposition']).toMatch(
      /^attachment; filename="atlas-statement-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(parseCsv(en.body)[0]).toEqual(['Date (UTC)', 'Operation', 'Detail', 'Amount (USD)', 'Balance (USD)']);
    expect(parseCsv(en.body)[1]![1]).toBe('Deposit');
    const fr = parseCsv((await as(user).get(`/api/statement.csv?lang=fr&from=${secondDay}`)).body, 'fr');
    expect(fr).toEqual([
      ['Date (UTC)', 'Opération', 'Détail', 'Montant (USD)', 'Solde (USD)'],
      [expect.any(String), 'Dépôt', '', 20, 120],
    ]);

    for (const q of ['type=gift', 'from=2024-13-01', 'from=yesterday', 'cursor=abc', 'limit=0', 'limit=1000']) {
      const res = await as(user).get(`/api/statement?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect((await t.app.inject('/api/statement')).statusCode).toBe(401);
    expect((await t.app.inject('/api/statement.csv')).statusCode).toBe(401);
  });

  it('writes each language\'s spreadsheet: ";" and decimal commas in French and Spanish, "," and periods in English', async () => {
    const user = await createUser(t, { firstName: 'Zoé', lastName: 'Lefèvre' });
    await fund(t.ctx, user.id, 123_456_78);
    await as(user).post('/api/investments', { area: 'stocks', amount: '1000.55' });
    const expected = (header: string[], deposit: string, investment: string, stocks: string) => [
      header,
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2}/), deposit, '', 123456.78, 123456.78],
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2}/), investment, stocks, -1000.55, 122456.23],
    ];
    const read = async (lang: 'fr' | 'en' | 'es') => (await as(user).get(`/api/statement.csv?lang=${lang}`)).body;
    const fr = await read('fr');
    expect(fr).toContain(';-1000,55;122456,23\r\n');
    expect(readAsSpreadsheet(fr, 'fr')).toEqual(
      expected(
        ['Date (UTC)', 'Opération', 'Détail', 'Montant (USD)', 'Solde (USD)'],
        'Dépôt',
        'Investissement',
        'Actions',
      ),
    );
    expect(readAsSpreadsheet(await read('es'), 'es')).toEqual(
      expected(
        ['Fecha (UTC)', 'Operación', 'Detalle', 'Importe (USD)', 'Saldo (USD)'],
        'Depósito',
        'Inversión',
        'Acciones',
      ),
    );
    expect(readAsSpreadsheet(await read('en'), 'en')).toEqual(
      expected(
        ['Date (UTC)', 'Operation', 'Detail', 'Amount (USD)', 'Balance (USD)'],
        'Deposit',
        'Investment',
        'Stocks',
      ),
    );
    // Opened with the other convention, the French file is not a table of numbers: the test reader tells them apart.
    expect(() => readAsSpreadsheet(fr, 'en')).toThrow();
  });

  it('makes a name that looks like a formula inert in the CSV', async () => {
    const user = await createUser(t, { firstName: '=HYPERLINK("x")', lastName: 'Doe' });
    await as(bob).post('/api/transfers', { recipientUid: user.uid, amount: '1.00' });
    const csv = parseCsv((await as(bob).get('/api/statement.csv?type=transfer_out&lang=fr')).body, 'fr');
    expect(String(csv[csv.length - 1]![2]).startsWith("'=")).toBe(true);
  });
});
