import { describe, expect, it } from 'vitest';
import { restoreConversation, replyTo, type Message } from './useConversation';

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

describe('replyTo (a visitor)', () => {
  it.each([
    ['Comment faire un dépôt ?', { key: 'answers.deposit' }],
    ['How can I withdraw?', { key: 'answers.withdraw' }],
    ['¿Cómo deposito?', { key: 'answers.deposit' }],
    ['qwerty', { key: 'answers.fallback' }],
  ])('answers "%s" from the catalogue', async (text, reply) => {
    expect(await replyTo({ text }, false)).toEqual(reply);
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

  it('hands over after two messages in a row it could not understand, not after one', async () => {
    const once: Message[] = [
      { id: 1, from: 'user', text: 'qwerty' },
      { id: 2, from: 'bot', key: 'answers.fallback' },
    ];
    expect(await replyTo({ text: 'azerty' }, true, [])).toEqual({ key: 'answers.fallback' });
    expect(await replyTo({ text: 'azerty' }, true, once)).toEqual({
      handoff: 'notUnderstood',
      fallbackKey: 'answers.fallback',
    });
    expect(await replyTo({ text: 'azerty' }, false, once)).toEqual({ key: 'answers.fallback' });
  });
});
