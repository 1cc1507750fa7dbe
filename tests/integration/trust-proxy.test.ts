import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestApp } from '../support/app';

/** Eleven reset requests through one proxy (10.9.9.9); the client forges a new left-hand address each time. */
async function statuses(trustProxy: string): Promise<number[]> {
  const t = await createTestApp({ TRUST_PROXY: trustProxy });
  try {
    const out: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/accounts/password/forgot',
        payload: { email: `nobody${i}@example.test` },
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      out.push(res.statusCode);
    }
    return out;
  } finally {
    await t.close();
  }
}

describe('TRUST_PROXY', () => {
  it('with a hop count or the proxy address, a forged X-Forwarded-For does not escape the per-address limit', async () => {
    for (const setting of ['1', '10.9.9.9', '10.0.0.0/8']) {
      const got = await statuses(setting);
      expect(
        got.slice(0, 10).every((s) => s === 200),
        setting,
      ).toBe(true);
      expect(got[10], setting).toBe(429);
    }
  });

  it('with true, the left-most address is believed (only safe when the proxy replaces the header)', async () => {
    expect((await statuses('true')).every((s) => s === 200)).toBe(true);
  });

  it('refuses settings it cannot read', () => {
    for (const bad of ['yes', '10.9.9', '10.0.0.0/33', '1,2', '-1']) {
      expect(
        () =>
          loadConfig({
            NODE_ENV: 'test',
            DATA_DIR: '/tmp/atlas-config-test',
            AUTH_SECRET: 'x'.repeat(32),
            TRUST_PROXY: bad,
          }),
        bad,
      ).toThrow();
    }
    const ok = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/atlas-config-test',
      AUTH_SECRET: 'x'.repeat(32),
      TRUST_PROXY: '127.0.0.1, ::1, 10.0.0.0/8',
    });
    expect(ok.trustProxy).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
  });
});
