import { describe, expect, it } from 'vitest';
import { expectedAmount } from './expected';

describe('the expected amount of the stand-alone verifiers', () => {
  it.each([
    ['1 484,60', 'fr'],
    ['1\u00a0484,60', 'fr'],
    ['1\u202f484,60', 'fr'],
    ['1484,60', 'fr'],
    ['1.484,60', 'es'],
    ['1,484.60', 'en'],
    ['1484.60', 'en'],
    ['$1,484.60', 'en'],
    ['1 484,60 $', 'fr'],
  ] as const)('reads %j (%s) as 1484.60', (typed, lang) => {
    expect(expectedAmount(typed, lang)).toEqual({ kind: 'cents', cents: 148_460 });
  });

  it('leaves an empty field unchecked and says why anything else cannot be read', () => {
    expect(expectedAmount('  ', 'fr')).toEqual({ kind: 'none' });
    expect(expectedAmount('abc', 'fr')).toEqual({ kind: 'unreadable', reason: 'format' });
    expect(expectedAmount('1 48,60', 'fr')).toEqual({ kind: 'unreadable', reason: 'format' });
    expect(expectedAmount('1,000', 'fr')).toEqual({ kind: 'unreadable', reason: 'ambiguous' });
    expect(expectedAmount('-5', 'en')).toEqual({ kind: 'unreadable', reason: 'format' });
  });
});
