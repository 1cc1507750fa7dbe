import { describe, expect, it } from 'vitest';
import { checkName, confusableScriptsOf, nameProblem, normalizeName, usernameKey } from './names';
import { checkSignup } from './signup';

describe('names', () => {
  it('normalizes with NFKC and collapses every kind of space', () => {
    expect(normalizeName('  Ｐｉｅｒｒｅ ')).toBe('Pierre');
    expect(normalizeName('Jean\u00A0\u2003Paul')).toBe('Jean Paul');
    expect(normalizeName('ﬁona')).toBe('fiona');
    expect(normalizeName('Ame\u0301lie')).toBe('Amélie');
  });

  it.each([
    ['zero-width space', 'Pie\u200Brre'],
    ['zero-width joiner', 'Pie\u200Drre'],
    ['zero-width non-joiner', 'Pie\u200Crre'],
    ['word joiner', 'Pie\u2060rre'],
    ['byte-order mark', '\uFEFFPierre'],
    ['soft hyphen', 'Pier\u00ADre'],
    ['right-to-left override', 'Pierre \u202EC.'],
    ['left-to-right mark', 'Pierre\u200E'],
    ['right-to-left isolate', '\u2067Pierre\u2069'],
    ['arabic letter mark', 'Pierre\u061C'],
    ['control character', 'Pierre\u0007'],
    ['tab', 'Pierre\tC'],
    ['line separator', 'Pierre\u2028C'],
    ['hangul filler', 'Pierre\u3164'],
    ['variation selector', 'Pierre\uFE0F'],
    ['tag character', 'Pierre\u{E0041}'],
    ['combining grapheme joiner', 'Pie\u034Frre'],
  ])('refuses a %s', (_label, raw) => {
    expect(checkName(raw)).toEqual({ ok: false, problem: 'invisible_character' });
  });

  it.each([
    ['Latin with a Cyrillic С', 'С\u0435cile'],
    ['Cyrillic а inside a Latin word', 'Jeаn'],
    ['Greek ο inside a Latin word', 'Dupοnt'],
    ['Latin inside a Cyrillic word', 'Иваn'],
    ['Greek with Cyrillic', 'Αлексей'],
    ['Armenian օ in a Latin word', 'Jօhn'],
  ])('refuses %s', (_label, raw) => {
    expect(checkName(raw)).toEqual({ ok: false, problem: 'mixed_scripts' });
  });

  it('judges each word on its own: one Latin word and one Cyrillic word are two honest words', () => {
    expect(checkName('Ivan Иванов')).toEqual({ ok: true, value: 'Ivan Иванов' });
  });

  it.each([
    'Pierre',
    'Amélie',
    "O'Connor",
    'Jean-Baptiste',
    'Иван',
    'Γιώργος',
    'محمد',
    '李',
    'Nguyễn Văn',
    'María José',
    'Zoë',
    'Ævar',
    'Łukasz',
  ])('accepts %s', (name) => {
    const r = checkName(name);
    expect(r.ok).toBe(true);
  });

  it('names the scripts a word uses; digits and punctuation belong to none', () => {
    expect(confusableScriptsOf('Pierre')).toEqual(['latin']);
    expect(confusableScriptsOf('Pierrе')).toEqual(['latin', 'cyrillic']);
    expect(confusableScriptsOf('42-.')).toEqual([]);
    expect(nameProblem('Pierre C.')).toBeNull();
  });

  it('folds usernames by NFKC and case', () => {
    expect(usernameKey('Ｊｅａｎ_42')).toBe('jean_42');
    expect(usernameKey(' JEAN_42 ')).toBe('jean_42');
  });
});

describe('signup names', () => {
  const base = {
    firstName: 'Pierre',
    lastName: 'Martin',
    username: 'pierre_m',
    email: 'p@example.test',
    password: 'secret-123',
    confirmPassword: 'secret-123',
    birthDate: '1990-01-01',
    country: 'FR',
    phone: '0612345678',
    acceptTerms: true,
  };
  const today = new Date('2026-01-01T00:00:00Z');

  it('refuses a look-alike first or last name with invalid_name on that field', () => {
    expect(checkSignup({ ...base, lastName: 'Маrtin' }, today)).toEqual({
      ok: false,
      problem: { code: 'invalid_name', field: 'lastName' },
    });
    expect(checkSignup({ ...base, firstName: 'Pie\u200Brre' }, today)).toEqual({
      ok: false,
      problem: { code: 'invalid_name', field: 'firstName' },
    });
  });

  it('stores the NFKC form of names and usernames', () => {
    const r = checkSignup({ ...base, firstName: 'Ｐｉｅｒｒｅ', username: 'ｐｉｅｒｒｅ_m' }, today);
    expect(r.ok && r.value.firstName).toBe('Pierre');
    expect(r.ok && r.value.fullName).toBe('Pierre Martin');
    expect(r.ok && r.value.username).toBe('pierre_m');
  });

  it('still refuses a username outside the plain alphabet after normalization', () => {
    expect(checkSignup({ ...base, username: 'piеrre' }, today)).toMatchObject({
      ok: false,
      problem: { code: 'invalid_username' },
    });
  });
});
