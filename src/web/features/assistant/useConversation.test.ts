import { describe, expect, it, vi } from 'vitest';
import type { Topic } from '../../../core/assistant/facts';
import { restoreConversation, replyTo, type Message } from './useConversation';

// The server's facts, stood in for: each topic answers one fact named after it. The server's model
// cannot be reached here, so the lexicon decides (decision 064), unless a test answers for it.
const intentFromServer = vi.hoisted(() => ({ answer: undefined as unknown }));
vi.mock('./api', () => ({
  fetchIntent: () =>
    intentFromServer.answer ? Promise.resolve(intentFromServer.answer) : Promise.reject(new Error('offline')),
  fetchFacts: (topic: Topic) => Promise.resolve({ topic, facts: [{ key: `${topic}.fact`, values: {} }] }),
  openConversation: () => Promise.reject(new Error('not in a unit test')),
}));

describe('restoreConversation', () => {
  const welcome = [{ id: 0, from: 'bot', key: 'welcome' }];

  it('starts with the welcome when nothing (or nothing readable) was kept', () => {
    for (const stored of [
      null,
      '',
      'not json',
      '[]',
      '{}',
      '[{"id":"x"}]',
      '[{"id":1,"from":"user"}]',
      '[{"id":1,"from":"bot","clarify":["nope"]}]',
    ])
      expect(restoreConversation(stored)).toEqual({ messages: welcome });
  });

  it('gives back a kept conversation with facts and a clarifying question as it was', () => {
    const kept: Message[] = [
      ...(welcome as Message[]),
      { id: 1, from: 'user', text: 'pourquoi je peux pas retirer' },
      {
        id: 2,
        from: 'bot',
        facts: [{ key: 'withdraw.open', values: { available: { type: 'money', amount: '10.00' } } }],
      },
      { id: 3, from: 'user', text: 'invest retrait' },
      { id: 4, from: 'bot', clarify: ['withdraw', 'invest'] },
    ];
    expect(restoreConversation(JSON.stringify(kept))).toEqual({ messages: kept });
  });

  it('hands back a question the panel was closed on before its answer came', () => {
    const question: Message = { id: 1, from: 'user', text: 'Comment faire un dépôt ?' };
    const kept: Message[] = [...(welcome as Message[]), question];
    expect(restoreConversation(JSON.stringify(kept))).toEqual({ messages: kept, unanswered: question });
  });
});

describe('replyTo: who decides the topic', () => {
  it("follows the server's model when it answers, and the lexicon when it cannot be reached", async () => {
    // The lexicon reads "Comment faire un dépôt ?" as a deposit; the server's decision wins when it comes.
    intentFromServer.answer = { kind: 'answer', intent: 'fees', score: 0 };
    try {
      expect(await replyTo({ text: 'Comment faire un dépôt ?' }, false)).toEqual({ key: 'answers.fees' });
      intentFromServer.answer = { kind: 'clarify', choices: ['stocks', 'crypto'] };
      expect(await replyTo({ text: 'Comment faire un dépôt ?' }, false)).toEqual({ clarify: ['stocks', 'crypto'] });
    } finally {
      intentFromServer.answer = undefined;
    }
    expect(await replyTo({ text: 'Comment faire un dépôt ?' }, false)).toEqual({ key: 'answers.deposit' });
  });

  it('falls back on the lexicon when the server answers something it cannot read', async () => {
    for (const answer of ['', { kind: 'answer', intent: 'lottery', score: 1 }, { kind: 'clarify', choices: [] }, {}]) {
      intentFromServer.answer = answer;
      try {
        expect(await replyTo({ text: 'Comment faire un dépôt ?' }, false)).toEqual({ key: 'answers.deposit' });
      } finally {
        intentFromServer.answer = undefined;
      }
    }
  });

  it('only offers a person when the model found a contest the lexicon saw no word of (score 0)', async () => {
    intentFromServer.answer = { kind: 'answer', intent: 'contest', score: 0 };
    try {
      expect(await replyTo({ text: 'le montant n’est pas celui que j’ai envoyé' }, true)).toMatchObject({
        key: 'answers.contest',
        offer: { reason: 'contest' },
      });
    } finally {
      intentFromServer.answer = undefined;
    }
  });
});

describe('replyTo (a visitor)', () => {
  it.each([
    ['Comment faire un dépôt ?', { key: 'answers.deposit' }],
    ['How can I withdraw?', { key: 'answers.withdraw' }],
    ['¿Cómo deposito?', { key: 'answers.deposit' }],
    ['qwerty', { key: 'answers.fallback' }],
  ])('answers "%s" from the catalogue', async (text, reply) => {
    expect(await replyTo({ text }, false)).toEqual(reply);
  });

  it.each([
    ['pourquoi je peux pas retirer', 'withdraw'],
    ['où est mon dépôt', 'deposit'],
    ["Combien j'ai investi ?", 'portfolio'],
    ['why is my withdrawal still pending', 'withdraw'],
    ['¿dónde está mi depósito?', 'deposit'],
  ])('answers the account question "%s" and invites to sign in to see it (%s)', async (text, topic) => {
    expect(await replyTo({ text }, false)).toEqual({ key: `answers.${topic}`, signIn: topic });
  });

  it('answers a quick reply by its intent, not by re-reading its label', async () => {
    expect(await replyTo({ text: 'Autre chose', intent: 'fees' }, false)).toEqual({ key: 'answers.fees' });
  });
});

describe('replyTo (a signed-in investor)', () => {
  it.each([
    ['je conteste ce virement', 'contest'],
    ['je me suis fait arnaquer', 'fraud'],
    ['je veux faire une réclamation', 'complaint'],
    ['supprimer mon compte', 'personalData'],
    ['parler à un conseiller', 'human'],
  ])('hands "%s" to a person at once (%s)', async (text, reason) => {
    expect(await replyTo({ text }, true)).toMatchObject({ handoff: reason, fallbackKey: `answers.${reason}` });
  });

  it.each(["Combien j'ai investi ?", 'how much have I invested', 'cuánto he invertido'])(
    'answers "%s" with the amount invested (the portfolio facts), not the how-to',
    async (text) => {
      expect(await replyTo({ text }, true)).toEqual({
        facts: [{ key: 'portfolio.fact', values: {} }],
        topic: 'portfolio',
      });
    },
  );

  it.each([
    ['Je veux faire un dépôt', 'deposit'],
    ['Comment faire un retrait ?', 'withdraw'],
    ['How do I make a deposit?', 'deposit'],
    ['¿Cómo hago un retiro?', 'withdraw'],
  ])('answers "%s" with the how-to first, then the account facts (%s)', async (text, topic) => {
    expect(await replyTo({ text }, true)).toEqual({
      lead: `answers.${topic}`,
      facts: [{ key: `${topic}.fact`, values: {} }],
      topic,
    });
  });

  it('passes on the account question the hand-off names, for the context packet', async () => {
    expect(await replyTo({ text: 'je conteste ce virement' }, true)).toEqual({
      handoff: 'contest',
      fallbackKey: 'answers.contest',
      topic: 'transfer',
    });
    expect(await replyTo({ text: 'je veux faire une réclamation' }, true)).toEqual({
      handoff: 'complaint',
      fallbackKey: 'answers.complaint',
    });
  });

  it('offers a person after two messages in a row it could not understand, and opens nothing by itself', async () => {
    const once: Message[] = [
      { id: 1, from: 'user', text: 'qwerty' },
      { id: 2, from: 'bot', key: 'answers.fallback' },
    ];
    expect(await replyTo({ text: 'azerty' }, true, [])).toEqual({ key: 'answers.fallback' });
    expect(await replyTo({ text: 'azerty' }, true, once)).toEqual({
      key: 'answers.fallback',
      offer: { reason: 'notUnderstood', question: 'azerty' },
    });
    expect(await replyTo({ text: 'azerty' }, false, once)).toEqual({ key: 'answers.fallback' });
  });

  it('answers "which coins do you support?" and opens no conversation', async () => {
    const reply = await replyTo({ text: 'which coins do you support?' }, true);
    expect(reply).not.toHaveProperty('handoff');
    expect(reply).toMatchObject({ lead: 'answers.deposit', topic: 'deposit' });
  });

  it.each(['support', 'are you a bot?', 'customer service'])(
    'offers a person for the unclear "%s" instead of opening a conversation',
    async (text) => {
      expect(await replyTo({ text }, true)).toEqual({
        key: 'handoff.automatic',
        offer: { reason: 'human', question: text },
      });
    },
  );

  it('opens at once when the person picks "talk to a person" among the choices', async () => {
    expect(await replyTo({ text: 'Parler à une personne', intent: 'human' }, true)).toEqual({
      handoff: 'human',
      fallbackKey: 'answers.human',
    });
  });
});
