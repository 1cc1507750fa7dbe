import { describe, expect, it } from 'vitest';
import { ambiguousKey } from './strict-json';

describe('ambiguousKey', () => {
  it.each([
    ['{"a":1,"a":2}', { key: 'a', reason: 'duplicate' }],
    ['{"a":1, "b":{"c":1,\n "c" :2}}', { key: 'c', reason: 'duplicate' }],
    ['[{"x":1},{"y":{"z":[1,{"q":1,"q":1}]}}]', { key: 'q', reason: 'duplicate' }],
    ['{"a\\u0062":1,"ab":2}', { key: 'ab', reason: 'duplicate' }],
    ['{"__proto__":{"isAdmin":true}}', { key: '__proto__', reason: 'poison' }],
    ['{"constructor":{"prototype":{}}}', { key: 'constructor', reason: 'poison' }],
  ])('%s → %o', (text, expected) => {
    expect(ambiguousKey(text)).toEqual(expected);
  });

  it.each([
    '{}',
    '[]',
    '"a"',
    '12',
    '{"a":{"a":1},"b":[{"a":1},{"a":2}]}',
    '{"a":"\\"a\\":","b":"}{"}',
    '{"k":"x\\\\","l":"y"}',
  ])('%s has none', (text) => {
    expect(ambiguousKey(text)).toBeUndefined();
  });
});
