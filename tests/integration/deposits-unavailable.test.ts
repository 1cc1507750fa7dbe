import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { createUser, type TestUser } from '../support/users';

describe(`deposits without configured addresses outside demo mode (${testDialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'false' });
    user = await createUser(t);
  });
  afterAll(async () => t.close());

  it('shows no address and refuses the deposit with a clear code, writing nothing', async () => {
    const addresses = await t.app.inject({
      method: 'GET',
      url: '/api/deposits/addresses',
      headers: { cookie: user.cookie },
    });
    expect(addresses.json()).toEqual({ available: false, sample: false, addresses: [] });
    const form = new FormData();
    form.append('amount', '100');
    form.append('proof', new Blob([new Uint8Array(await sampleImage('png'))], { type: 'image/png' }), 'p.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/deposits',
      payload: form as never,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('deposits_unavailable');
    const rows = await t.ctx.db.selectFrom('deposit_request').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('lists only the configured addresses, never samples, when the operator sets them', async () => {
    const configured = await createTestApp({
      DEMO_MODE: 'false',
      DEPOSIT_ADDRESS_BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    try {
      const who = await createUser(configured);
      const res = await configured.app.inject({
        method: 'GET',
        url: '/api/deposits/addresses',
        headers: { cookie: who.cookie },
      });
      expect(res.json()).toEqual({
        available: true,
        sample: false,
        addresses: [{ coin: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
      });
    } finally {
      await configured.close();
    }
  });
});
