import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { sampleImage } from '../support/images';
import { fund } from '../support/money';
import { createAdmin, createUser, type TestUser } from '../support/users';

/** PUBLIC_URL of the test configuration (PORT defaults to 3000). */
const OURS = 'http://localhost:3000';
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function multipartBody(
  fields: Array<[name: string, value: string]>,
  proof?: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'edge-boundary-7f3a';
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (proof) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="proof"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      proof,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe(`the edges of the request path (${testDialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let png: Buffer;

  const me = async (who: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: who.cookie } })).json() as {
      balance: string;
      withdrawalHold: string;
    };
  const deposits = async (who: TestUser) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/cashier/history', headers: { cookie: who.cookie } })).json() as {
        deposits: unknown[];
      }
    ).deposits.length;

  beforeAll(async () => {
    t = await createTestApp({ DEMO_MODE: 'true' });
    user = await createUser(t);
    other = await createUser(t);
    admin = await createAdmin(t);
    await fund(t.ctx, user.id, 500_00);
    png = await sampleImage('png');
  });
  afterAll(async () => t.close());

  describe('cross-site requests', () => {
    const foreign = [
      'http://evil.example',
      'http://localhost:3001',
      'https://localhost:3000',
      'null',
      'http://localhost:3000.evil.example',
    ];

    it.each(foreign)(
      'a JSON transfer or withdrawal with Origin %s is refused with 403 cross_site_request and moves nothing',
      async (origin) => {
        for (const [url, payload] of [
          ['/api/transfers', { recipientUid: other.uid, amount: '10.00' }],
          ['/api/withdrawals', { amount: '10.00', crypto: 'BTC', address: BTC }],
        ] as const) {
          const res = await t.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie, origin } });
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({ error: { code: 'cross_site_request', params: {} } });
        }
        expect(await me(user)).toMatchObject({ balance: '500.00', withdrawalHold: '0.00' });
      },
    );

    it('a multipart deposit from a sibling origin (same site, another port) is refused and records nothing', async () => {
      const form = multipartBody([['amount', '4242.00']], png);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie, origin: 'http://localhost:5173' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('cross_site_request');
      expect(await deposits(user)).toBe(0);
    });

    it('the forwarded better-auth sign-out from another origin is refused, and the session stays', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { cookie: user.cookie, origin: 'http://evil.example' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('cross_site_request');
      expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(
        200,
      );
    });

    it.each(['cross-site', 'same-site'])('without Origin, Sec-Fetch-Site: %s is refused', async (site) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        payload: { recipientUid: other.uid, amount: '10.00' },
        headers: { cookie: user.cookie, 'sec-fetch-site': site },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('cross_site_request');
      expect((await me(user)).balance).toBe('500.00');
    });

    it('our own origin, Sec-Fetch-Site: same-origin, and a client sending neither (not a browser) pass', async () => {
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/transfers',
          payload: { recipientUid: other.uid, amount: '1.00' },
          headers: { cookie: user.cookie, ...headers },
        });
      expect((await send({ origin: OURS })).statusCode).toBe(201);
      expect((await send({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
      expect((await send({})).statusCode).toBe(201);
      expect((await me(user)).balance).toBe('497.00');
    });

    it('reads are not refused: a GET with a foreign Origin still answers', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/public/config',
        headers: { origin: 'http://evil.example' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('better-auth keeps its own checks under NODE_ENV=test', () => {
    it('a reset link never redirects to a foreign callbackURL', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/reset-password/some-token?callbackURL=http://evil.example/steal',
      });
      expect(res.statusCode).toBe(403);
      expect(String(res.headers.location ?? '')).not.toContain('evil.example');
    });

    it('a sign-out carrying the session cookie but no Origin at all is refused by better-auth', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        payload: {},
        headers: { cookie: other.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: other.cookie } })).statusCode,
      ).toBe(200);
    });
  });

  describe('unambiguous input', () => {
    it('a duplicate JSON key is refused with 400 duplicate_field, at any depth, and moves nothing', async () => {
      for (const body of [
        `{"recipientUid":"${other.uid}","amount":"1.00","amount":"400.00"}`,
        `{"recipientUid":"${other.uid}", "amount" : "1.00", "note":{"a":1,"a":2}}`,
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/transfers',
          payload: body,
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
        });
        expect(res.statusCode, body).toBe(400);
        expect(res.json().error.code).toBe('duplicate_field');
      }
      expect((await me(user)).balance).toBe('497.00');
    });

    it('the same text in a string value, or the same key in sibling objects, is not a duplicate', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/transfers',
        payload: `{"recipientUid":"${other.uid}","amount":"1.00","x":[{"k":"\\"amount\\":"},{"k":2}]}`,
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('a multipart amount sent twice is refused with 400 duplicate_field', async () => {
      const form = multipartBody(
        [
          ['amount', '1.00'],
          ['amount', '4242.00'],
        ],
        png,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'duplicate_field', params: { field: 'amount' } } });
      expect(await deposits(user)).toBe(0);
    });

    it('a multipart amount longer than 64 characters is refused with 400 field_too_long, never cut', async () => {
      const form = multipartBody([['amount', `12.00${' '.repeat(59)}9999`]], png);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'field_too_long', params: { field: 'amount', max: 64 } } });
      expect(await deposits(user)).toBe(0);
    });

    it('a well-formed deposit still goes through', async () => {
      const form = multipartBody([['amount', '12.00']], png);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/deposits',
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('caching', () => {
    /** Routes whose answers are public and say so themselves. */
    const publicRoutes: Record<string, RegExp> = {
      'GET /api/public/config': /^public, max-age=\d+$/,
      // Revalidated on every use with its ETag: a round just published shows at once (decision 045).
      'GET /api/liabilities/rounds': /^public, no-cache$/,
      // The published JSON Schema of the data export: the same for everyone.
      'GET /api/schemas/data-export/v1.json': /^public, max-age=\d+$/,
      'GET /api/schemas/data-export/v2.json': /^public, max-age=\d+$/,
    };

    it('every route of the OpenAPI document answers Cache-Control: no-store unless it is public', async () => {
      const doc = (await t.app.inject('/api/openapi.json')).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const routes = Object.entries(doc.paths).flatMap(([p, methods]) =>
        Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })),
      );
      expect(routes.length).toBeGreaterThan(25);
      // Reads first, with a signed-in operator; then every write with an empty body (whatever it answers).
      routes.sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
      const seen: string[] = [];
      for (const { method, path } of routes) {
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const who of [admin, user, null]) {
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: who ? { cookie: who.cookie, origin: OURS } : { origin: OURS },
          });
          const key = `${method} ${path}`;
          const expected = publicRoutes[key] ?? /^no-store$/;
          expect(
            String(res.headers['cache-control']),
            `${key} as ${who === admin ? 'operator' : who ? 'user' : 'anonymous'} (${res.statusCode})`,
          ).toMatch(expected);
          seen.push(`${key} ${res.statusCode}`);
        }
      }
      // Personal answers were really produced, not only refusals.
      expect(seen).toContain('GET /api/me 200');
      expect(seen).toContain('GET /api/cashier/history 200');
      expect(seen).toContain('GET /api/accounts/sessions 200');
      expect(seen).toContain('GET /api/admin/deposits 200');
    });

    it('error answers and the OpenAPI document are not stored either', async () => {
      expect((await t.app.inject('/api/nowhere')).headers['cache-control']).toBe('no-store');
      expect((await t.app.inject('/api/openapi.json')).headers['cache-control']).toBe('no-store');
    });
  });
});

describe(`/metrics behind a proxy (${testDialect})`, () => {
  const metrics = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });

  it('without TRUST_PROXY a loopback peer may read it', async () => {
    const t = await createTestApp();
    try {
      expect((await metrics(t)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY, a request a proxy on this machine forwarded is not local: refused', async () => {
    const t = await createTestApp();
    try {
      const forwarded: Array<Record<string, string>> = [
        { 'x-forwarded-for': '203.0.113.9' },
        { forwarded: 'for=203.0.113.9;proto=https' },
        { 'x-real-ip': '203.0.113.9' },
        // Whatever the address it names: the proxy's visitor is not this machine.
        { 'x-forwarded-for': '127.0.0.1' },
      ];
      for (const headers of forwarded) {
        const res = await metrics(t, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
      expect((await metrics(t)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY set and no token, a loopback peer (the proxy) is refused', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await metrics(t);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY set, the token opens it, and only the token', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: token });
    try {
      expect((await metrics(t)).statusCode).toBe(403);
      expect((await metrics(t, { authorization: `Bearer ${token}x` })).statusCode).toBe(403);
      const res = await metrics(t, { authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });
});
