import { describe, expect, it } from 'vitest';
import { frenchSpacingProblems } from '../../../../tests/support/typography';
import { render, type Locale, type TemplateName, type TemplateParams } from './templates';

const languages: Locale[] = ['fr', 'en', 'es'];
const url = 'https://invest.example/reset?token=abc:def';
const at = '2026-11-24T14:05:00.000Z';

/** One set of parameters per template: the compiler keeps the list complete. */
const samples: { [T in TemplateName]: TemplateParams[T] } = {
  password_reset: { url },
  deposit_approved: { amount: '1234.50' },
  deposit_rejected: { amount: '120.00', reasonCode: 'amount_mismatch', canCorrect: true },
  withdrawal_approved: { amount: '50.00', crypto: 'BTC' },
  withdrawal_rejected: {
    amount: '50.00',
    reasonCode: 'address_invalid',
    canCorrect: true,
    crypto: 'BTC',
    address: 'bc1qexample',
  },
  identity_verified: {},
  identity_rejected: { reasonCode: 'identity_document_expired', canCorrect: true },
  identity_expiring: { expiry: '2027-03-05', url: 'https://invest.example/profile#identity' },
  email_verification: { url },
  new_sign_in: { at, ip: '203.0.113.9', device: 'Firefox (Linux)' },
  password_changed: { at },
  two_factor_enabled: { at },
  two_factor_disabled: { at },
  withdrawal_requested: { amount: '50.00', crypto: 'BTC', address: 'bc1qexample' },
  sign_in_brake: { url },
  account_frozen: { supportEmail: 'support@invest.example' },
  account_unfrozen: { supportEmail: 'support@invest.example' },
  support_opened: { reference: 'SUP-AB12-CD34', hours: 24, url },
  support_reply: { reference: 'SUP-AB12-CD34', body: 'Bonjour, c’est réglé.', url },
  closure_requested: { at },
  closure_waiting: { state: 'waiting_locks', until: '2027-12-05T09:30:00.000Z' },
  closure_cancelled: { at },
  account_closed: { at },
  erasure_answer: {
    at,
    erased: ['no_legal_basis'],
    remaining: [{ category: 'identity_documents', until: '2031-11-25T14:05:00.000Z' }],
  },
};
const all = Object.entries(samples) as Array<[TemplateName, TemplateParams[TemplateName]]>;
const mail = <T extends TemplateName>(template: T, lng: Locale, params: TemplateParams[T] = samples[template]) => {
  const { subject, text } = render(template, lng, params);
  return `${subject}\n${text}`;
};

describe('e-mail templates', () => {
  it.each(languages)('%s: dates in words, never as ISO days', (lng) => {
    for (const [template] of all) expect(mail(template, lng), template).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it.each([
    ['closure_waiting', 'fr', '(jusqu’au 5 décembre 2027)'],
    ['identity_expiring', 'fr', 'expire le 5 mars 2027.'],
    ['identity_expiring', 'en', 'expires on March 5, 2027.'],
    ['identity_expiring', 'es', 'caduca el 5 de marzo de 2027.'],
    ['closure_waiting', 'en', '(until December 5, 2027)'],
    ['closure_waiting', 'es', '(hasta el 5 de diciembre de 2027)'],
    ['password_changed', 'fr', 'le 24 novembre 2026 à 14:05 UTC'],
    ['password_changed', 'en', 'on November 24, 2026 at 2:05 PM UTC'],
    ['password_changed', 'es', 'el 24 de noviembre de 2026, 14:05 UTC'],
  ] as const)('%s in %s says its date the language’s way: %s', (template, lng, words) => {
    expect(mail(template, lng)).toContain(words);
  });

  it('French puts a no-break space before : ; ! and ? (the values sent are not checked)', () => {
    for (const [template, params] of all) {
      const values = Object.values(params as Record<string, unknown>).filter((v) => typeof v === 'string');
      const prose = values.reduce<string>((text, v) => text.replaceAll(v as string, '…'), mail(template, 'fr'));
      expect(frenchSpacingProblems(prose), template).toEqual([]);
    }
  });

  it.each(languages)('%s: a paid withdrawal carries its transaction and its explorer link', (lng) => {
    const txid = 'ab'.repeat(32);
    const link = `https://mempool.space/tx/${txid}`;
    const text = mail('withdrawal_approved', lng, { amount: '50.00', crypto: 'BTC', txid, explorerUrl: link });
    expect(text).toContain(txid);
    expect(text).toContain(link);
    expect(text).not.toContain('24-48');
    if (lng === 'fr') expect(frenchSpacingProblems(text)).toEqual([]);
  });

  it('the erasure answer says what was erased and what is kept until when', () => {
    const fr = mail('erasure_answer', 'fr');
    expect(fr).toContain('nous avons effacé\u00a0:\n- les données que la loi n’oblige pas à conserver');
    expect(fr).toContain('- les documents d’identité (CMF L561-12)\u00a0: jusqu’au 25 novembre 2031');
    expect(mail('erasure_answer', 'en')).toContain('we erased:\n- the data no law requires us to keep');
    // An answer queued before the list was said keeps its general sentence.
    expect(mail('erasure_answer', 'fr', { at, remaining: [] })).toContain(
      'nous avons effacé les données que la loi ne nous oblige plus à conserver.',
    );
  });
});
