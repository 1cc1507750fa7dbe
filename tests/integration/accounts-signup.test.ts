import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/app';
import { signupBody, someIp } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signup = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/accounts/signup', payload, remoteAddress: someIp() });

const eighteenYearsAgo = (deltaDays: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate() + deltaDays));
  return d.toISOString().slice(0, 10);
};

describe('signup rules (spec §5), each with its own code', () => {
  it.each([
    ['a missing first name', { firstName: '' }, 'fields_required', 'firstName'],
    ['a blank phone', { phone: '   ' }, 'fields_required', 'phone'],
    ['a malformed email', { email: 'marie@example' }, 'invalid_email', 'email'],
    ['a username with spaces', { username: 'marie j' }, 'invalid_username', 'username'],
    ['a 5-character password', { password: '12345', confirmPassword: '12345' }, 'password_too_short', 'password'],
    ['a different confirmation', { confirmPassword: 'something-else' }, 'password_mismatch', 'confirmPassword'],
    ['an impossible birth date', { birthDate: '1990-02-30' }, 'invalid_birth_date', 'birthDate'],
    ['someone turning 18 tomorrow', { birthDate: eighteenYearsAgo(1) }, 'underage', 'birthDate'],
    ['an unknown country', { country: 'XX' }, 'invalid_country', 'country'],
    ['a number that is not Haitian', { phone: '0612345678' }, 'invalid_phone', 'phone'],
    ['terms not accepted', { acceptTerms: false }, 'terms_not_accepted', 'acceptTerms'],
  ])('refuses %s', async (_label, patch, code, field) => {
    const res = await signup({ ...signupBody(), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code, params: { field } } });
  });

  it('answers fields_required (not a generic 400) for an empty body', async () => {
    const res = await signup({});
    expect(res.json().error.code).toBe('fields_required');
  });

  it('accepts someone who is 18 today and stores a normalized profile with a UID', async () => {
    const body = {
      ...signupBody({ country: 'FR' }),
      birthDate: eighteenYearsAgo(0),
      email: 'Jeanne.Dupont@Example.test',
    };
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const { uid } = res.json();
    expect(uid).toMatch(/^ATU[1-9]\d{5}$/);
    const profile = await t.ctx.db
      .selectFrom('user_profile')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({
      email: 'jeanne.dupont@example.test',
      country: 'FR',
      phone: '+33612345678',
      locale: 'fr',
      full_name: `Marie ${body.lastName}`,
    });
  });
});

describe('taken email or username', () => {
  it('says which one is taken, case-insensitively, and writes nothing', async () => {
    const first = signupBody();
    expect((await signup(first)).statusCode).toBe(201);
    const users = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('user')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await users();
    const sameEmail = await signup({ ...signupBody(), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error.code).toBe('email_taken');
    const sameName = await signup({ ...signupBody(), username: first.username.toUpperCase() });
    expect(sameName.json().error.code).toBe('username_taken');
    expect(await users()).toBe(before);
  });

  it('lets only one of two simultaneous signups with the same email through', async () => {
    const email = `race.${Date.now()}@example.test`;
    const results = await Promise.all([signup({ ...signupBody(), email }), signup({ ...signupBody(), email })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('UID', () => {
  it('is unique under many concurrent signups', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => signup(signupBody())));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const uids = results.map((r) => r.json().uid as string);
    expect(new Set(uids).size).toBe(uids.length);
  });

  it('retries with a new UID when the drawn one is taken, atomically', async () => {
    const { accounts } = t.app.services.accounts;
    const taken = (await t.ctx.db.selectFrom('user_profile').select('uid').executeTakeFirstOrThrow()).uid;
    const draws = [taken, taken, 'ATU555555'];
    const drawn = accounts.nextUid;
    accounts.nextUid = () => draws.shift()!;
    const body = signupBody();
    const { uid } = await accounts.signup(body, 'es').finally(() => (accounts.nextUid = drawn));
    expect(uid).toBe('ATU555555');
    expect(draws).toHaveLength(0);
    // The failed attempts left no half-created user behind.
    const rows = await t.ctx.db.selectFrom('user').select('id').where('email', '=', body.email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the confirmation e-mail', () => {
  it('commits with the account: when it cannot be written, no account is left that nobody can confirm', async () => {
    const body = signupBody();
    const accounts = () =>
      t.ctx.db.selectFrom('user').select('id').where('email', '=', body.email.toLowerCase()).execute();
    await sql`alter table email_outbox rename to email_outbox_away`.execute(t.ctx.db);
    try {
      await expect(t.app.services.accounts.accounts.signup(body, 'fr')).rejects.toThrow();
    } finally {
      await sql`alter table email_outbox_away rename to email_outbox`.execute(t.ctx.db);
    }
    expect(await accounts()).toHaveLength(0);

    const { id } = await t.app.services.accounts.accounts.signup(body, 'fr');
    const mails = await t.ctx.db
      .selectFrom('email_outbox')
      .select(['template', 'to_address'])
      .where('user_id', '=', id)
      .execute();
    expect(mails).toEqual([{ template: 'email_verification', to_address: body.email.toLowerCase() }]);
  });
});
