import { describe, expect, it } from 'vitest';
import { asksAboutOwnAccount } from './account-question';

describe('asksAboutOwnAccount', () => {
  it.each([
    'pourquoi je peux pas retirer',
    'où est mon dépôt',
    'jpeux pas retirer',
    'mes retraits sont bloqués',
    'why is my withdrawal still pending',
    "I can't withdraw",
    'where is my deposit',
    '¿por qué no puedo retirar?',
    '¿dónde está mi depósito?',
  ])('"%s" asks about the person’s own account', (text) => {
    expect(asksAboutOwnAccount(text)).toBe(true);
  });

  it.each([
    'Comment déposer ?',
    'Comment faire un retrait ?',
    'How can I withdraw?',
    '¿Cómo deposito?',
    'frais de retrait',
  ])('"%s" asks how the product works', (text) => {
    expect(asksAboutOwnAccount(text)).toBe(false);
  });
});
