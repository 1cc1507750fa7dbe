import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedTokenReader, verifySignedToken } from './session-resolver';

const secret = 'a-secret-of-the-test-only-000000000000';
const signed = (token: string, key = secret) => `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

describe('signed session cookies', () => {
  it('gives the token of a good signature and null for a forged or malformed one', () => {
    expect(verifySignedToken(signed('tok1'), secret)).toBe('tok1');
    expect(verifySignedToken(signed('tok1', 'another-secret'), secret)).toBeNull();
    expect(verifySignedToken(signed('tok1').replace('tok1', 'tok2'), secret)).toBeNull();
    expect(verifySignedToken('tok1', secret)).toBeNull();
    expect(verifySignedToken('tok1.short=', secret)).toBeNull();
  });

  it('answers as verifySignedToken does when a value comes again, good or forged', () => {
    const read = signedTokenReader(secret);
    const good = signed('tok1');
    const forged = signed('tok1', 'another-secret');
    for (let i = 0; i < 3; i++) {
      expect(read(good)).toBe('tok1');
      expect(read(forged)).toBeNull();
    }
  });

  it('stays bounded: past its capacity it starts again and still answers right', () => {
    const read = signedTokenReader(secret, 2);
    expect(['a', 'b', 'c', 'a', 'b'].map((t) => read(signed(t)))).toEqual(['a', 'b', 'c', 'a', 'b']);
    expect(read(signed('c', 'another-secret'))).toBeNull();
  });
});
