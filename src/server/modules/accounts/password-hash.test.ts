import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_N, passwordHasher } from './password-hash';

describe('password hashes', () => {
  const standard = passwordHasher();
  const cheap = passwordHasher(1024);

  it('at the default cost, are better-auth’s own: each verifies the other’s hashes', async () => {
    const ours = await standard.hash('secret-123');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'secret-123' })).toBe(true);
    const theirs = await hashPassword('secret-123');
    expect(await standard.verify({ hash: theirs, password: 'secret-123' })).toBe(true);
    expect(await standard.verify({ hash: theirs, password: 'secret-124' })).toBe(false);
  });

  it('at another cost, carry it, so a process with any setting verifies them', async () => {
    const hash = await cheap.hash('motdepasse');
    expect(hash).toMatch(/^n1024\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await standard.verify({ hash, password: 'motdepasse' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'Motdepasse' })).toBe(false);
    expect(await cheap.verify({ hash: await standard.hash('motdepasse'), password: 'motdepasse' })).toBe(true);
  });

  it('compare the password after Unicode normalisation, as better-auth does', async () => {
    const hash = await cheap.hash('café');
    expect(await cheap.verify({ hash, password: 'cafe\u0301' })).toBe(true);
  });

  const salt = 'ab'.repeat(16);
  const key = 'cd'.repeat(64);
  it.each([
    '',
    'no-colon',
    ':abcd',
    `${salt}:${key.slice(2)}`,
    `${salt}:${key}zz`,
    `${salt.toUpperCase()}:${key}`,
    `x$${salt}:${key}`,
    `n3000$${salt}:${key}`,
    `n512$${salt}:${key}`,
    `n${DEFAULT_SCRYPT_N * 2}$${salt}:${key}`,
  ])('refuse a malformed hash %j, or one whose cost is not allowed', async (hash) => {
    await expect(cheap.verify({ hash, password: 'x' })).rejects.toThrow('Invalid password hash');
  });
});
