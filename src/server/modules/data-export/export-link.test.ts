import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../core/errors';
import { signExportLink, verifyExportLink } from './export-link';

const secret = 'test-secret-test-secret-test-secret-0000';
const at = new Date('2026-11-26T12:00:00Z');
const expires = new Date(at.getTime() + 24 * 3600 * 1000);

function parts(link: string) {
  const url = new URL(link, 'http://x');
  return { exp: url.searchParams.get('exp'), sig: url.searchParams.get('sig') };
}
const code = (f: () => void) => {
  try {
    f();
    return 'ok';
  } catch (err) {
    return err instanceof DomainError ? err.code : 'other';
  }
};

describe('the data export link', () => {
  const { exp, sig } = parts(signExportLink(secret, 'exp-1', 'user-a', expires));

  it('is valid for its export and its owner until it expires, and not a second longer', () => {
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', exp, sig, at))).toBe('ok');
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', exp, sig, new Date(expires.getTime() - 1000)))).toBe(
      'ok',
    );
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', exp, sig, expires))).toBe('link_expired');
  });

  it('is worth nothing for another person, another export, a later expiry or another secret', () => {
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-b', exp, sig, at))).toBe('link_invalid');
    expect(code(() => verifyExportLink(secret, 'exp-2', 'user-a', exp, sig, at))).toBe('link_invalid');
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', String(Number(exp) + 3600), sig, at))).toBe(
      'link_invalid',
    );
    expect(code(() => verifyExportLink(`${secret}x`, 'exp-1', 'user-a', exp, sig, at))).toBe('link_invalid');
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', undefined, sig, at))).toBe('link_invalid');
    expect(code(() => verifyExportLink(secret, 'exp-1', 'user-a', '1e9', sig, at))).toBe('link_invalid');
  });
});
