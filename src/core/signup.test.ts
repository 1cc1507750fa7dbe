import { describe, expect, it } from 'vitest';
import { checkSignup, makeUid, normalizePhone, UID_PATTERN, type SignupInput } from './signup';

const today = new Date('2026-06-15T10:00:00Z');
const valid: SignupInput = {
  firstName: ' Marie ',
  lastName: 'Joseph',
  username: 'marie.j',
  email: 'Marie@Example.com ',
  password: 'secret1',
  confirmPassword: 'secret1',
  birthDate: '2008-06-15',
  country: 'HT',
  phone: '3456 7890',
  acceptTerms: true,
};
const code = (patch: Partial<SignupInput>) => {
  const r = checkSignup({ ...valid, ...patch }, today);
  return r.ok ? null : r.problem.code;
};

describe('checkSignup', () => {
  it('accepts and normalizes a valid signup (exactly 18 today)', () => {
    const r = checkSignup(valid, today);
    expect(r).toEqual({
      ok: true,
      value: expect.objectContaining({
        email: 'marie@example.com',
        fullName: 'Marie Joseph',
        phone: '+50934567890',
        country: 'HT',
      }),
    });
  });

  it.each([
    [{ firstName: '  ' }, 'fields_required'],
    [{ phone: '' }, 'fields_required'],
    [{ email: 'marie@example' }, 'invalid_email'],
    [{ username: 'a b' }, 'invalid_username'],
    [{ username: 'ab' }, 'invalid_username'],
    [{ password: '12345', confirmPassword: '12345' }, 'password_too_short'],
    [{ confirmPassword: 'secret2' }, 'password_mismatch'],
    [{ birthDate: '2008-02-30' }, 'invalid_birth_date'],
    [{ birthDate: '2030-01-01' }, 'invalid_birth_date'],
    [{ birthDate: '2008-06-16' }, 'underage'],
    [{ country: 'ZZ' }, 'invalid_country'],
    [{ phone: '123' }, 'invalid_phone'],
    [{ phone: '+33612345678' }, 'invalid_phone'],
    [{ acceptTerms: false }, 'terms_not_accepted'],
  ] as const)('%o → %s', (patch, expected) => {
    expect(code(patch)).toBe(expected);
  });
});

describe('phone and UID', () => {
  it('validates the number for its country', () => {
    expect(normalizePhone('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(normalizePhone('+50934567890', 'HT')).toBe('+50934567890');
    expect(normalizePhone('06 12 34 56 78', 'HT')).toBeNull();
  });

  it('makes ATU + 6 digits over the whole range', () => {
    expect(makeUid(() => 0)).toBe('ATU100000');
    expect(makeUid(() => 0.9999999)).toBe('ATU999999');
    for (let i = 0; i < 100; i++) expect(makeUid(Math.random)).toMatch(UID_PATTERN);
  });
});
