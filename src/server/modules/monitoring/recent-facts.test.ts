import { describe, expect, it } from 'vitest';
import type { MoneyFact } from '../../../core/monitoring';
import { RecentFacts } from './recent-facts';

const fact = (userId: string, n: number): MoneyFact => ({
  kind: 'transfer',
  txId: `tx-${n}`,
  refId: null,
  userId,
  senderId: 's',
  amountCents: 100,
  at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});
const at = (entry: number) => ({ upto_entry: entry, upto_xid: null });

describe('the facts kept between monitoring passes', () => {
  it('are given back only to the pass that continues from where the last one left the watermark', () => {
    const kept = new RecentFacts(10, 10);
    expect(kept.from(at(0)).of('u1')).toBeUndefined();
    kept.advance(at(5), new Map([['u1', [fact('u1', 1)]]]));
    expect(kept.from(at(5)).of('u1')).toEqual([fact('u1', 1)]);
    // PostgreSQL answers the entry id as text: the same mark.
    expect(kept.from({ upto_entry: '5' as unknown as number, upto_xid: null }).of('u1')).toHaveLength(1);
    // Another runner moved the watermark: nothing kept is trusted, and it stays dropped.
    expect(kept.from(at(9)).of('u1')).toBeUndefined();
    expect(kept.from(at(5)).of('u1')).toBeUndefined();
  });

  it('keeps the latest facts of each person and the people judged most recently', () => {
    const kept = new RecentFacts(2, 2);
    kept.advance(at(1), new Map([['u1', [1, 2, 3].map((n) => fact('u1', n))]]));
    expect(
      kept
        .from(at(1))
        .of('u1')!
        .map((f) => f.txId),
    ).toEqual(['tx-2', 'tx-3']);
    kept.advance(at(2), new Map([['u2', [fact('u2', 4)]]]));
    kept.advance(at(3), new Map([['u1', [fact('u1', 5)]]]));
    kept.advance(at(4), new Map([['u3', [fact('u3', 6)]]]));
    const now = kept.from(at(4));
    expect([now.of('u1'), now.of('u2'), now.of('u3')].map((l) => l?.length)).toEqual([1, undefined, 1]);
  });
});
