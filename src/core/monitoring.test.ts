import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateAlerts, historyHours, nearThresholdBand, type MoneyFact, type MonitoringParams } from './monitoring';

const HOUR = 3_600_000;
const start = Date.parse('2026-03-02T09:00:00.000Z');
let seq = 0;
function fact(kind: MoneyFact['kind'], amountCents: number, hoursAfterStart: number, extra: Partial<MoneyFact> = {}) {
  seq += 1;
  return {
    kind,
    txId: `tx-${String(seq).padStart(4, '0')}`,
    refId: `ref-${seq}`,
    userId: 'u1',
    senderId: kind === 'transfer' ? `s${seq}` : null,
    amountCents,
    at: new Date(start + hoursAfterStart * HOUR).toISOString(),
    ...extra,
  } satisfies MoneyFact;
}

const params: MonitoringParams = {
  largeDepositFromCents: 1_000_000,
  outAfterInHours: 48,
  nearThreshold: { ...nearThresholdBand(100_000, 10), count: 3, hours: 24 },
  fanIn: { senders: 3, hours: 24 },
};
const rules = (triggers: MoneyFact[], history: MoneyFact[] = [], p = params) =>
  evaluateAlerts(triggers, history, p).map((a) => `${a.rule}:${a.windowKey}`);

describe('a single large deposit', () => {
  it('raises from the threshold exactly, not one cent below', () => {
    const at = fact('deposit', 1_000_000, 0);
    expect(rules([at])).toEqual([`large_deposit:${at.txId}`]);
    expect(rules([fact('deposit', 999_999, 0)])).toEqual([]);
  });

  it('is off at 0 and never looks at withdrawals or transfers', () => {
    expect(rules([fact('deposit', 5_000_000, 0)], [], { ...params, largeDepositFromCents: 0 })).toEqual([]);
    expect(rules([fact('transfer', 5_000_000, 0)])).toEqual([]);
  });

  it('keeps the threshold and the deposit as evidence', () => {
    const d = fact('deposit', 2_000_000, 0);
    const [alert] = evaluateAlerts([d], [], params);
    expect(alert).toMatchObject({
      userId: 'u1',
      trippedAt: d.at,
      thresholds: { amountFromCents: 1_000_000 },
      facts: [d],
    });
  });
});

describe('money out within 48 h of money in', () => {
  it('raises when the money came in 48 h before exactly, not 1 ms earlier', () => {
    const moneyIn = fact('deposit', 10_000, 0);
    const out = fact('withdrawal', 5_000, 48);
    expect(rules([out], [moneyIn])).toEqual([`out_after_in:${out.txId}`]);
    const late = { ...fact('withdrawal', 5_000, 0), at: new Date(start + 48 * HOUR + 1).toISOString() };
    expect(rules([late], [moneyIn])).toEqual([]);
  });

  it('counts a transfer received as money in, lists the money in and the withdrawal as evidence', () => {
    const received = fact('transfer', 10_000, 0);
    const out = fact('withdrawal', 10_000, 1);
    const [alert] = evaluateAlerts([out], [received], params);
    expect(alert).toMatchObject({ rule: 'out_after_in', thresholds: { hours: 48 }, facts: [received, out] });
  });

  it('ignores money that came in after the withdrawal, another person’s money, and earlier withdrawals', () => {
    const out = fact('withdrawal', 5_000, 0);
    expect(rules([out], [fact('deposit', 10_000, 1)])).toEqual([]);
    expect(rules([out], [fact('deposit', 10_000, -1, { userId: 'u2' })])).toEqual([]);
    expect(rules([out], [fact('withdrawal', 10_000, -1)])).toEqual([]);
  });

  it('follows the configured window', () => {
    const moneyIn = fact('deposit', 10_000, 0);
    const out = fact('withdrawal', 5_000, 30);
    expect(rules([out], [moneyIn], { ...params, outAfterInHours: 24 })).toEqual([]);
  });
});

describe('deposits just under the dual-control threshold within a day', () => {
  it('is the band from 10 % under the threshold up to one cent under it', () => {
    expect(nearThresholdBand(100_000, 10)).toEqual({ fromCents: 90_000, belowCents: 100_000 });
    expect(nearThresholdBand(0, 10)).toEqual({ fromCents: 0, belowCents: 0 });
  });

  it('raises at the third deposit in the band within 24 h, named by the first', () => {
    const a = fact('deposit', 90_000, 0);
    const b = fact('deposit', 99_999, 5);
    const c = fact('deposit', 95_000, 24);
    expect(rules([a, b, c])).toEqual([`near_threshold:${a.txId}`]);
    expect(rules([c], [a, b])).toEqual([`near_threshold:${a.txId}`]);
    expect(rules([b], [a])).toEqual([]);
  });

  it('leaves out deposits at the threshold, below the band, or more than 24 h before', () => {
    const old = fact('deposit', 95_000, 0);
    const atThreshold = fact('deposit', 100_000, 10);
    const belowBand = fact('deposit', 89_999, 11);
    const b = fact('deposit', 95_000, 12);
    const c = { ...fact('deposit', 95_000, 0), at: new Date(start + 24 * HOUR + 1).toISOString() };
    expect(rules([c], [old, atThreshold, belowBand, b])).toEqual([]);
  });

  it('adds no second alert for a fourth deposit of the same window', () => {
    const [a, b, c, d] = [0, 1, 2, 3].map((h) => fact('deposit', 95_000, h));
    const all = rules([a!, b!, c!, d!]);
    expect(all).toEqual([`near_threshold:${a!.txId}`]);
    expect(rules([d!], [a!, b!, c!])).toEqual(all);
    const [alert] = evaluateAlerts([a!, b!, c!, d!], [], params);
    expect(alert!.facts).toEqual([a, b, c]);
  });

  it('is off when every approval needs two operators', () => {
    const off = { ...params, nearThreshold: { ...nearThresholdBand(0, 10), count: 3, hours: 24 } };
    expect(
      rules(
        [0, 1, 2].map((h) => fact('deposit', 1, h)),
        [],
        off,
      ),
    ).toEqual([]);
  });
});

describe('many senders paying one person', () => {
  const to = (sender: string, h: number) => fact('transfer', 1_000, h, { senderId: sender, userId: 'r' });

  it('raises at the third different sender within 24 h, named by the first transfer', () => {
    const a = to('s1', 0);
    const b = to('s2', 1);
    const c = to('s3', 24);
    expect(rules([c], [a, b])).toEqual([`fan_in:${a.txId}`]);
    const [alert] = evaluateAlerts([c], [a, b], params);
    expect(alert).toMatchObject({ userId: 'r', thresholds: { count: 3, hours: 24 }, facts: [a, b, c] });
  });

  it('counts a sender once however often they pay, and forgets transfers older than 24 h', () => {
    expect(rules([to('s1', 2)], [to('s1', 0), to('s2', 1)])).toEqual([]);
    const old = to('s1', 0);
    const late = { ...to('s3', 0), at: new Date(start + 24 * HOUR + 1).toISOString() };
    expect(rules([late], [old, to('s2', 1)])).toEqual([]);
  });

  it('does not count deposits or another recipient’s transfers', () => {
    expect(rules([to('s3', 2)], [fact('deposit', 1_000, 0, { userId: 'r' }), to('s2', 1)])).toEqual([]);
    expect(rules([to('s3', 2)], [fact('transfer', 1_000, 0, { senderId: 's1', userId: 'x' }), to('s2', 1)])).toEqual(
      [],
    );
  });
});

describe('evaluation', () => {
  it('gives the same alerts however the facts are cut into runs', () => {
    const facts = [
      fact('deposit', 95_000, 0),
      fact('deposit', 1_500_000, 1),
      fact('deposit', 96_000, 2),
      fact('withdrawal', 10_000, 3),
      fact('deposit', 97_000, 4),
      fact('deposit', 98_000, 5),
    ];
    const once = rules(facts);
    const oneByOne = facts.flatMap((f, i) => rules([f], facts.slice(0, i)));
    expect(new Set(oneByOne)).toEqual(new Set(once));
    expect(once.sort()).toEqual(
      [`large_deposit:${facts[1]!.txId}`, `near_threshold:${facts[0]!.txId}`, `out_after_in:${facts[3]!.txId}`].sort(),
    );
  });

  it('needs history as far back as the longest window', () => {
    expect(historyHours(params)).toBe(48);
    expect(historyHours({ ...params, fanIn: { senders: 3, hours: 72 } })).toBe(72);
  });
});

/**
 * The rules as first written: every trigger filters its person's whole history. Slow (a scan per
 * trigger), but plainly the definition; the indexed evaluation must give exactly its alerts.
 */
function plainAlerts(triggers: MoneyFact[], history: MoneyFact[], p: MonitoringParams) {
  const time = (f: MoneyFact) => Date.parse(f.at);
  const chronological = (a: MoneyFact, b: MoneyFact) =>
    time(a) - time(b) || (a.txId < b.txId ? -1 : a.txId > b.txId ? 1 : 0);
  const within = (facts: MoneyFact[], t: MoneyFact, hours: number) =>
    facts.filter((f) => time(f) >= time(t) - hours * HOUR && chronological(f, t) <= 0);
  const all = new Map<string, MoneyFact>();
  for (const f of [...history, ...triggers]) all.set(f.txId, f);
  const sorted = [...all.values()].sort(chronological);
  const { fromCents, belowCents, count, hours } = p.nearThreshold;
  const inBand = (f: MoneyFact) => f.kind === 'deposit' && f.amountCents >= fromCents && f.amountCents < belowCents;
  const out = new Map<string, { rule: string; windowKey: string; facts: string[] }>();
  const add = (rule: string, t: MoneyFact, windowKey: string, facts: MoneyFact[]) => {
    const key = `${rule}|${t.userId}|${windowKey}`;
    if (!out.has(key)) out.set(key, { rule, windowKey, facts: facts.map((f) => f.txId) });
  };
  for (const t of [...triggers].sort(chronological)) {
    const mine = sorted.filter((f) => f.userId === t.userId);
    if (t.kind === 'deposit' && p.largeDepositFromCents > 0 && t.amountCents >= p.largeDepositFromCents)
      add('large_deposit', t, t.txId, [t]);
    if (t.kind === 'withdrawal') {
      const moneyIn = within(mine, t, p.outAfterInHours).filter((f) => f.kind !== 'withdrawal');
      if (moneyIn.length > 0) add('out_after_in', t, t.txId, [...moneyIn, t]);
    }
    if (inBand(t)) {
      const window = within(mine, t, hours).filter(inBand);
      if (window.length >= count) add('near_threshold', t, window[0]!.txId, window);
    }
    if (t.kind === 'transfer') {
      const window = within(mine, t, p.fanIn.hours).filter((f) => f.kind === 'transfer');
      if (new Set(window.map((f) => f.senderId)).size >= p.fanIn.senders) add('fan_in', t, window[0]!.txId, window);
    }
  }
  return [...out.values()];
}

describe('the indexed evaluation', () => {
  it('raises exactly the alerts of the plain definition, with the same evidence', () => {
    const aFact = fc.record({
      kind: fc.constantFrom<MoneyFact['kind']>('deposit', 'withdrawal', 'transfer'),
      amountCents: fc.constantFrom(1_000, 89_999, 90_000, 95_000, 99_999, 100_000, 1_000_000),
      // Whole and half hours over four days: equal instants (ties) happen often.
      halfHours: fc.integer({ min: 0, max: 200 }),
      userId: fc.constantFrom('u1', 'u2', 'u3'),
      senderId: fc.constantFrom('s1', 's2', 's3', 's4'),
      trigger: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(aFact, { maxLength: 80 }), (drawn) => {
        const facts = drawn.map((d, i) => ({
          kind: d.kind,
          txId: `tx-${String(i).padStart(3, '0')}`,
          refId: null,
          userId: d.userId,
          senderId: d.kind === 'transfer' ? d.senderId : null,
          amountCents: d.amountCents,
          at: new Date(start + d.halfHours * (HOUR / 2)).toISOString(),
        }));
        const triggers = facts.filter((_, i) => drawn[i]!.trigger);
        const history = facts.filter((_, i) => !drawn[i]!.trigger || i % 3 === 0);
        const got = evaluateAlerts(triggers, history, params).map((a) => ({
          rule: a.rule,
          windowKey: a.windowKey,
          facts: a.facts.map((f) => f.txId),
        }));
        expect(got).toEqual(plainAlerts(triggers, history, params));
      }),
      { numRuns: 300 },
    );
  });
});
