import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/core/clock';
import { dayOf } from '../../src/core/identity';
import { startIdentityExpiryWarnings } from '../../src/server/modules/identity/expiry-warning.job';
import { render } from '../../src/server/modules/notifications/templates';
import { createTestApp, type TestApp } from '../support/app';
import { testDialect } from '../support/db';
import { seededImage } from '../support/images';
import { callAs, createAdmin, createUser, type CallArgs, type TestUser } from '../support/users';

type Slot = 'front' | 'back' | 'selfie' | 'address';

/**
 * The identity lifecycle past its verification (issue 46, item 1; decision 050), over HTTP: a
 * document that expires soon or has expired is renewed while the verification stays on file, the
 * tier follows the verification on file, a rejected renewal is sent again, operators read it as a
 * renewal with the person's history, and the warning e-mail goes once per document.
 */
describe(`identity renewal (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let seed = 46_100;

  const call = (...args: CallArgs) => callAs(t, ...args);
  /** The day `days` from the app's clock, YYYY-MM-DD. */
  const dayIn = (days: number) => dayOf(new Date(t.clock.now().getTime() + days * DAY_MS));
  const submit = async (who: TestUser, expiry: string, extra: Record<string, string> = {}) => {
    const data = new FormData();
    data.append('documentType', 'id_card');
    data.append('documentNumber', 'RENEW1234');
    data.append('documentExpiry', expiry);
    for (const [k, v] of Object.entries(extra)) data.append(k, v);
    const slots: Slot[] = extra.previousId ? ['front'] : ['front', 'back', 'selfie', 'address'];
    for (const slot of slots)
      data.append(slot, new Blob([new Uint8Array(await seededImage(seed++))], { type: 'image/png' }), `${slot}.png`);
    return call(who, 'POST', '/api/identity', data);
  };
  const submitted = async (who: TestUser, expiry: string, extra: Record<string, string> = {}) => {
    const res = await submit(who, expiry, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().current.id as string;
  };
  const verify = async (id: string) => {
    const res = await call(admin, 'POST', `/api/admin/identities/${id}/verify`);
    expect(res.statusCode, res.body).toBe(200);
  };
  const reject = async (id: string, reason: string) => {
    const res = await call(admin, 'POST', `/api/admin/identities/${id}/reject`, { reason });
    expect(res.statusCode, res.body).toBe(200);
  };
  const state = async (who: TestUser) => (await call(who, 'GET', '/api/identity')).json();
  const tier = async (who: TestUser) => (await call(who, 'GET', '/api/limits')).json().tier as string;
  /** A person verified with a document expiring `days` from now. */
  const verifiedPerson = async (days: number, locale: 'fr' | 'en' | 'es' = 'fr') => {
    const who = await createUser(t, { locale });
    const id = await submitted(who, dayIn(days));
    await verify(id);
    return { who, id };
  };
  const queueItem = async (id: string) => {
    const res = await call(admin, 'GET', '/api/admin/identities?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Array<Record<string, unknown> & { id: string }> }).items.find((i) => i.id === id)!;
  };
  const warnings = (userId: string) =>
    t.ctx.db
      .selectFrom('email_outbox')
      .select(['params', 'locale'])
      .where('user_id', '=', userId)
      .where('template', '=', 'identity_expiring')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({
      DEMO_MODE: 'true',
      CORRECTION_MAX_VERSIONS: '3',
      TIER_LIMITS: 'true',
      LIMITS_EMAIL: 'deposit:500.00/1000.00,withdrawal:100.00/150.00',
      LIMITS_IDENTITY: 'deposit:-/-,withdrawal:1000.00/2000.00',
    });
    admin = await createAdmin(t);
  });
  afterAll(async () => t.close());
  // Each case starts from today.
  afterEach(() => t.clock.advance(-t.clock.offset));

  it('a document far from its expiry: verified, no renewal offered, a new submission still refused', async () => {
    const { who, id } = await verifiedPerson(400);
    expect(await state(who)).toMatchObject({
      status: 'verified',
      canRenew: false,
      current: { id, renewal: false },
      onFile: { id, expired: false, expiresSoon: false, documentExpiry: dayIn(400) },
    });
    const res = await submit(who, dayIn(2000));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('identity_already_verified');
    // 31 days before the expiry, still closed; 30 days before, open.
    t.clock.advance(369 * DAY_MS);
    expect((await submit(who, dayIn(2000))).json().error.code).toBe('identity_already_verified');
    t.clock.advance(DAY_MS);
    expect(await state(who)).toMatchObject({ canRenew: true, onFile: { expiresSoon: true, expired: false } });
  });

  it('expiring → renewal sent: the old verification stays on file and the tier stays; approved, the renewal is on file', async () => {
    const { who, id: old } = await verifiedPerson(20);
    expect(await tier(who)).toBe('identity');
    expect(await state(who)).toMatchObject({
      status: 'verified',
      canRenew: true,
      onFile: { id: old, expiresSoon: true, expired: false },
    });
    const renewal = await submitted(who, dayIn(3000));
    expect(await state(who)).toMatchObject({
      status: 'pending',
      canRenew: false,
      current: { id: renewal, renewal: true, documentExpiry: dayIn(3000) },
      onFile: { id: old, expiresSoon: true },
    });
    // One pending submission at most.
    expect((await submit(who, dayIn(3000))).json().error.code).toBe('identity_pending');
    expect(await tier(who)).toBe('identity');

    // The operator reads it as a renewal, with the verification it renews.
    const item = await queueItem(renewal);
    expect(item).toMatchObject({
      renewal: true,
      version: 1,
      history: [{ id: old, status: 'verified', documentExpiry: dayIn(20), reason: null }],
    });
    expect((item.history as Array<{ processedAt: string | null }>)[0]!.processedAt).not.toBeNull();
    expect((await queueItem(old)).renewal).toBe(false);

    await verify(renewal);
    expect(await state(who)).toMatchObject({
      status: 'verified',
      canRenew: false,
      current: { id: renewal, renewal: true },
      onFile: { id: renewal, expired: false, expiresSoon: false },
    });
    // The old document's expiry no longer matters: the renewal holds the tier.
    t.clock.advance(25 * DAY_MS);
    expect(await tier(who)).toBe('identity');
    expect((await call(who, 'GET', '/api/limits')).json().limits[1]).toMatchObject({ rolling30Days: '2000.00' });
  });

  it('expired → the tier drops, a renewal is accepted while the tier stays dropped, approved → the tier returns', async () => {
    const { who, id: old } = await verifiedPerson(5);
    t.clock.advance(6 * DAY_MS);
    expect(await tier(who)).toBe('email');
    expect(await state(who)).toMatchObject({
      status: 'verified',
      canRenew: true,
      onFile: { id: old, expired: true, expiresSoon: false },
    });
    const renewal = await submitted(who, dayIn(3000));
    expect(await state(who)).toMatchObject({
      status: 'pending',
      current: { id: renewal, renewal: true },
      onFile: { id: old, expired: true },
    });
    expect(await tier(who)).toBe('email');
    await verify(renewal);
    expect(await tier(who)).toBe('identity');
    expect(await state(who)).toMatchObject({ status: 'verified', onFile: { id: renewal, expired: false } });
  });

  it('renewal rejected → the reason and a way to send it again; the old verification stays on file; corrected → verified', async () => {
    const { who, id: old } = await verifiedPerson(10);
    const renewal = await submitted(who, dayIn(3000));
    await reject(renewal, 'identity_selfie_mismatch');
    expect(await state(who)).toMatchObject({
      status: 'rejected',
      canRenew: false,
      current: { id: renewal, renewal: true, rejection: { reason: 'identity_selfie_mismatch', canCorrect: true } },
      onFile: { id: old, expiresSoon: true },
    });
    // The verification on file still holds the tier.
    expect(await tier(who)).toBe('identity');
    // A new chain is refused; the correction is the way.
    expect((await submit(who, dayIn(3000))).json().error.code).toBe('correction_required');
    const again = await submitted(who, dayIn(3000), { previousId: renewal });
    expect(await state(who)).toMatchObject({
      status: 'pending',
      current: { id: again, version: 2, renewal: true },
      onFile: { id: old },
    });
    const item = await queueItem(again);
    expect(item).toMatchObject({
      renewal: true,
      versions: [
        { id: renewal, version: 1, status: 'rejected', reason: 'identity_selfie_mismatch' },
        { id: again, version: 2, status: 'pending' },
      ],
      history: [{ id: old, status: 'verified' }],
    });
    await verify(again);
    expect(await state(who)).toMatchObject({ status: 'verified', onFile: { id: again } });
  });

  it('the expiry warning: once per document, in the person’s language, across two instances and a restart', async () => {
    const far = await verifiedPerson(200, 'en');
    const soon = await verifiedPerson(25, 'en');
    const renewing = await verifiedPerson(15);
    await submitted(renewing.who, dayIn(3000));
    const expired = await verifiedPerson(2);
    t.clock.advance(3 * DAY_MS);
    const log = { error: () => {} };
    const a = startIdentityExpiryWarnings(t.ctx, log, { holder: 'instance-a' });
    const b = startIdentityExpiryWarnings(t.ctx, log, { holder: 'instance-b' });
    try {
      const ran = await Promise.all([a.tick(), b.tick()]);
      expect(ran.filter(Boolean)).toHaveLength(1);
      const mails = await warnings(soon.who.id);
      expect(mails).toHaveLength(1);
      const params = JSON.parse(mails[0]!.params) as { expiry: string; url: string };
      expect(params.expiry).toBe(dayIn(22));
      const text = render('identity_expiring', mails[0]!.locale, params);
      expect(mails[0]!.locale).toBe('en');
      expect(text.subject).toBe('Your identity document expires soon');
      const d = new Date(`${dayIn(22)}T12:00:00Z`);
      const words = d.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
      expect(text.text).toContain(`expires on ${words}.`);
      expect(text.text).toContain('/profile#identity');
      // Not yet in the window, already renewing, or already expired: nothing.
      expect(await warnings(far.who.id)).toHaveLength(0);
      expect(await warnings(renewing.who.id)).toHaveLength(0);
      expect(await warnings(expired.who.id)).toHaveLength(0);

      // The lease lapses, the other instance runs: nothing is sent twice.
      t.clock.advance(2 * 3_600_000);
      expect((await Promise.all([b.tick(), a.tick()])).filter(Boolean)).toHaveLength(1);
      expect(await warnings(soon.who.id)).toHaveLength(1);
    } finally {
      await a.stop();
      await b.stop();
    }
    // A restart: a new job on the same database finds nothing left to send for this document,
    // and the far document's warning goes once it enters the window.
    t.clock.advance(180 * DAY_MS);
    const c = startIdentityExpiryWarnings(t.ctx, log, { holder: 'instance-c' });
    try {
      expect(await c.tick()).toBe(true);
      expect(await warnings(soon.who.id)).toHaveLength(1);
      expect(await warnings(far.who.id)).toHaveLength(1);
    } finally {
      await c.stop();
    }
  });
});
