import { describe, expect, it } from 'vitest';
import { decodeStoredAnswer } from './ledger.service';

describe('stored answers', () => {
  it('fills the balances PostgreSQL stored beside the template, formatted by core', () => {
    const stored = JSON.stringify({
      $balances: [123456, 5],
      body: { id: 't1', balance: '$balance:0', nested: [{ other: '$balance:1' }], note: 'x$balance:0' },
    });
    expect(decodeStoredAnswer(stored)).toEqual({
      id: 't1',
      balance: '1234.56',
      nested: [{ other: '0.05' }],
      note: 'x$balance:0',
    });
  });

  it('returns an answer stored whole as it is', () => {
    expect(decodeStoredAnswer(JSON.stringify({ id: 'w1', amount: '10.00' }))).toEqual({ id: 'w1', amount: '10.00' });
  });
});
