import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { fund } from '../support/money';
import { createUser, type TestUser } from '../support/users';

/** Spec §4/§9: the profile's total invested and level count every investment ever made, stopped ones included. */
describe(`profile total invested and level (${testDialect})`, () => {
  let t: TestApp;

  const me = async (who: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(200);
    return res.json() as { totalInvested: string; invested: string; level: string; balance: string };
  };
  const invest = async (who: TestUser, area: string, amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/investments',
      payload: { area, amount },
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().investment.id as string;
  };
  const stop = async (who: TestUser, id: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/investments/${id}/stop`,
      headers: { cookie: who.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { credited: string };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('keeps a stopped investment in the total and the level, while the invested pool drops', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_000_00);
    const big = await invest(u, 'stocks', '400.00');
    await invest(u, 'trading', '200.00');
    expect(await me(u)).toMatchObject({ totalInvested: '600.00', invested: '600.00', level: 'intermediate' });

    t.clock.advance(5 * DAY_MS + 60_000);
    await stop(u, big);
    // Only $200 is still invested: counting active investments alone would say 'beginner'.
    expect(await me(u)).toMatchObject({ totalInvested: '600.00', invested: '200.00', level: 'intermediate' });
  });

  it('names the country in each language of the app, so the browser needs no locale data for it', async () => {
    const who = await createUser(t, { country: 'ES' });
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } });
    expect(res.json()).toMatchObject({ country: 'ES', countryNames: { fr: 'Espagne', en: 'Spain', es: 'España' } });
  });

  it('crosses a level boundary on the sum of stopped and active investments', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_000_00);
    const first = await invest(u, 'real_estate', '549.99');
    t.clock.advance(5 * DAY_MS + 60_000);
    await stop(u, first);
    expect(await me(u)).toMatchObject({ totalInvested: '549.99', invested: '0.00', level: 'beginner' });

    await invest(u, 'crypto', '0.01');
    expect(await me(u)).toMatchObject({ totalInvested: '550.00', invested: '0.01', level: 'intermediate' });
  });

  it('reaches pro with every investment stopped', async () => {
    const u = await createUser(t);
    await fund(t.ctx, u.id, 10_000_00);
    const ids = [
      await invest(u, 'crypto', '1000.00'),
      await invest(u, 'stocks', '1500.00'),
      await invest(u, 'real_estate', '1000.00'),
    ];
    t.clock.advance(5 * DAY_MS + 60_000);
    for (const id of ids) await stop(u, id);
    expect(await me(u)).toMatchObject({ totalInvested: '3500.00', invested: '0.00', level: 'pro' });
  });
});
