import { describe, expect, it } from 'vitest';
import { matchIntent } from '../../../core/assistant';
import { restoreConversation, type Message } from './useConversation';

describe('restoreConversation', () => {
  const welcome = [{ id: 0, from: 'bot', key: 'welcome' }];

  it('starts with the welcome when nothing (or nothing readable) was kept', () => {
    for (const stored of [null, '', 'not json', '[]', '{}', '[{"id":"x"}]', '[{"id":1,"from":"user"}]'])
      expect(restoreConversation(stored)).toEqual(welcome);
  });

  it.each([
    ['fr', 'Comment faire un dépôt ?'],
    ['en', 'How can I withdraw?'],
    ['es', '¿Cómo deposito?'],
  ])('gives back a kept conversation (%s) as it was', (_lang, question) => {
    const kept: Message[] = [
      ...(welcome as Message[]),
      { id: 1, from: 'user', text: question },
      { id: 2, from: 'bot', key: `answers.${matchIntent(question)}` },
    ];
    expect(restoreConversation(JSON.stringify(kept))).toEqual(kept);
  });

  it('answers a question the panel was closed on before its answer came', () => {
    const kept: Message[] = [...(welcome as Message[]), { id: 1, from: 'user', text: 'Comment faire un dépôt ?' }];
    expect(restoreConversation(JSON.stringify(kept))).toEqual([
      ...kept,
      { id: 2, from: 'bot', key: `answers.${matchIntent('Comment faire un dépôt ?')}` },
    ]);
  });
});
