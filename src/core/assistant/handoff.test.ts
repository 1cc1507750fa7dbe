import { describe, expect, it } from 'vitest';
import { handoffAtOnce } from './handoff';
import { matchIntent } from './matcher';

const scoreOf = (text: string) => {
  const m = matchIntent(text);
  return m.kind === 'answer' ? m.score : 0;
};

describe('handoffAtOnce', () => {
  it('opens at once what the person clearly asked for', () => {
    for (const text of [
      'je veux parler à un conseiller',
      'talk to an advisor',
      'contact support',
      'hablar con un asesor',
    ])
      expect(handoffAtOnce('human', scoreOf(text))).toBe(true);
    expect(handoffAtOnce('human')).toBe(true);
    expect(handoffAtOnce('fraud', 3)).toBe(true);
  });

  it('only offers a weak request for a person, and never opens for misunderstood messages', () => {
    for (const text of ['support', 'are you a bot?', 'customer service'])
      expect(handoffAtOnce('human', scoreOf(text))).toBe(false);
    expect(handoffAtOnce('notUnderstood')).toBe(false);
  });

  it("only offers a hand-off the server's model found where the lexicon saw none of its words (score 0)", () => {
    for (const reason of ['contest', 'fraud', 'complaint', 'personalData', 'human'] as const)
      expect(handoffAtOnce(reason, 0)).toBe(false);
    expect(handoffAtOnce('contest', 3)).toBe(true);
  });
});
