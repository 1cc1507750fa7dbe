import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import fr from '../../locales/fr/assistant.json';
import frBackOffice from '../../locales/fr/backoffice.json';
import { stateKey, WithReference } from './reference';

describe('the conversation view', () => {
  it('keeps the reference on one line inside a sentence', () => {
    const html = renderToStaticMarkup(
      createElement(WithReference, { text: 'Conversation SUP-7KQ4-M2XD · suite', reference: 'SUP-7KQ4-M2XD' }),
    );
    expect(html).toContain(
      '<span class="whitespace-nowrap [word-break:keep-all]" data-testid="support-reference-code">SUP-7KQ4-M2XD</span>',
    );
    expect(html.replace(/<[^>]+>/g, '')).toBe('Conversation SUP-7KQ4-M2XD · suite');
  });

  it('no longer says "waiting for an advisor" once an advisor has the conversation', () => {
    expect(stateKey({ state: 'waiting', withAdvisor: false })).toBe('support.states.waiting');
    expect(stateKey({ state: 'waiting', withAdvisor: true })).toBe('support.states.withAdvisor');
    expect(stateKey({ state: 'answered', withAdvisor: true })).toBe('support.states.answered');
    expect(fr.support.states.withAdvisor).not.toContain('attente');
  });

  it('names the inbox tab of closed conversations "Clôturées"', () => {
    expect(frBackOffice.support.states.closed).toBe('Clôturées');
  });
});
