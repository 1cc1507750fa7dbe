import { describe, expect, it } from 'vitest';
import { intentOrder, matchIntent, normalize, type Intent } from './assistant';

describe('normalize', () => {
  it('drops case, accents and punctuation', () => {
    expect(normalize('  Épargne, DÉPÔT !  ')).toBe('epargne depot');
    expect(normalize('¿Cómo RETIRO mi dinero?')).toBe('como retiro mi dinero');
  });
});

const examples: Record<Intent, string[]> = {
  invest: [
    'Comment investir ?',
    'How do I invest?',
    '¿Cómo invierto?',
    'Je veux faire un placement',
    'Quiero una inversión',
  ],
  deposit: [
    'Comment faire un dépôt ?',
    'How can I deposit money?',
    '¿Cómo deposito?',
    'DEPOT',
    'Où envoyer ma preuve ?',
  ],
  withdraw: ['Je veux retirer mon argent', 'How do I withdraw?', 'Quiero retirar mi dinero', 'Délai de RETRAIT ?'],
  crypto: ['Parlez-moi de la crypto', 'Bitcoin?', 'Criptomonedas', 'Et Ethereum ?'],
  portfolio: ['Mon portefeuille', 'Show my portfolio', 'Mi cartera', 'Quel est mon solde ?'],
  stop: [
    'Comment arrêter un investissement ?',
    'How do I stop an investment?',
    '¿Cómo detener mi inversión?',
    'ARRETER',
  ],
  stocks: ['Les actions', 'Tell me about stocks', 'Acciones y bolsa', 'ETF ?'],
  realEstate: ["L'immobilier", 'Real estate?', 'Bienes raíces', 'Inmobiliario'],
  trading: ['Le trading', 'Day trading?', 'Forex', 'Trading de divisas'],
  security: ['Est-ce sécurisé ?', 'Is it safe?', '¿Es seguro?', 'Sécurité du compte', 'seguridad'],
  fees: ['Quels sont les frais ?', 'What are the fees?', '¿Hay comisiones?', 'Combien ça coûte ?'],
  help: ['Aide', 'I need help', 'Ayuda por favor', "J'ai une question"],
  greeting: ['Bonjour', 'hello', 'Hola', 'Salut !', 'Buenos días'],
  thanks: ['Merci beaucoup', 'Thanks!', 'Muchas gracias', 'thank you'],
  fallback: ['qwerty', 'Quelle heure est-il ?', '42', '   ', ''],
};

describe('matchIntent', () => {
  for (const [intent, messages] of Object.entries(examples)) {
    it.each(messages)(`recognises ${intent}: %s`, (message) => {
      expect(matchIntent(message)).toBe(intent);
    });
  }

  it('ignores case and accents alike', () => {
    for (const m of ['DÉPÔT', 'dépôt', 'depot', 'DePoT']) expect(matchIntent(m)).toBe('deposit');
    for (const m of ['SÉCURITÉ', 'securite']) expect(matchIntent(m)).toBe('security');
  });

  it('does not match a keyword inside another word', () => {
    expect(matchIntent('historique')).not.toBe('greeting');
    expect(matchIntent('transaction')).not.toBe('stocks');
  });

  it('prefers the specific question over the general word', () => {
    expect(matchIntent('Je veux arrêter mon investissement crypto')).toBe('stop');
    expect(matchIntent('Bonjour, comment retirer ?')).toBe('withdraw');
    expect(matchIntent('Merci pour la réponse sur le dépôt')).toBe('thanks');
  });

  it('covers every intent of spec §2', () => {
    expect([...intentOrder].sort()).toEqual(
      [
        'crypto',
        'deposit',
        'fees',
        'greeting',
        'help',
        'invest',
        'portfolio',
        'realEstate',
        'security',
        'stocks',
        'stop',
        'thanks',
        'trading',
        'withdraw',
      ].sort(),
    );
  });
});
