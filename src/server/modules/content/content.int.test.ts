import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app';

describe('GET /api/public/config', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('returns the advertised rates of spec §1 by default, without a session', async () => {
    t = await createTestApp({ DEMO_MODE: 'false' });
    const res = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      advertisedRates: {
        tradingMonthlyPct: 15,
        realEstateQuarterlyPct: 12,
        stocksYearlyMinPct: 8,
        stocksYearlyMaxPct: 10,
      },
      demoMode: false,
      supportEmail: 'support@atlas-invest.local',
    });
  });

  it('follows the operator configuration', async () => {
    t = await createTestApp({
      RATE_TRADING_MONTHLY_PCT: '9.5',
      RATE_REAL_ESTATE_QUARTERLY_PCT: '6',
      DEMO_MODE: 'true',
    });
    const body = (await t.app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(body.advertisedRates.tradingMonthlyPct).toBe(9.5);
    expect(body.advertisedRates.realEstateQuarterlyPct).toBe(6);
    expect(body.demoMode).toBe(true);
  });

  it('exposes nothing secret', async () => {
    t = await createTestApp({ DEPOSIT_ADDRESS_BTC: 'bc1qsecretaddress' });
    const text = (await t.app.inject({ method: 'GET', url: '/api/public/config' })).body;
    expect(text).not.toMatch(/secret|bc1q|test-secret/);
  });
});
