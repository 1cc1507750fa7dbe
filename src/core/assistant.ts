/**
 * Keyword intents of the chat assistant (spec §2), in French, English and Spanish.
 * Matching ignores case and accents; the first intent in `intentOrder` whose keyword appears
 * wins, so specific questions ("comment arrêter mon investissement ?") beat general ones.
 */
export const intentOrder = [
  'thanks',
  'stop',
  'withdraw',
  'deposit',
  'fees',
  'security',
  'trading',
  'realEstate',
  'stocks',
  'crypto',
  'portfolio',
  'invest',
  'help',
  'greeting',
] as const;

export type Intent = (typeof intentOrder)[number] | 'fallback';

/**
 * A keyword is a normalized word; a trailing `*` accepts any ending ("invest*" matches
 * "investir", "investment", "investissements"). Multi-word keywords match as a phrase.
 */
const keywords: Record<(typeof intentOrder)[number], string[]> = {
  thanks: ['merci', 'thanks', 'thank you', 'thx', 'gracias', 'muchas gracias'],
  stop: ['arret*', 'stop*', 'cloturer', 'annuler', 'detener', 'parar', 'cancelar', 'close my', 'cerrar'],
  withdraw: ['retir*', 'retrait*', 'withdraw*', 'payout', 'cash out', 'sacar', 'cobrar'],
  deposit: [
    'depos*',
    'deposer',
    'depot*',
    'recharger',
    'alimenter',
    'top up',
    'fund my',
    'ingres*',
    'preuve',
    'proof',
    'comprobante',
  ],
  fees: [
    'frais',
    'commission*',
    'fee',
    'fees',
    'cost*',
    'cout*',
    'tarif*',
    'comision*',
    'gratuit*',
    'free',
    'transf*',
    'uid',
  ],
  security: [
    'secur*',
    'securite',
    'safe*',
    'seguridad',
    'seguro*',
    'protec*',
    'mot de passe',
    'password',
    'contrasena',
    '2fa',
    'fraud*',
    'arnaque',
    'scam*',
    'estafa',
  ],
  trading: ['trading', 'trad*', 'forex', 'day trading', 'swing', 'scalping', 'cfd*', 'futures', 'options'],
  realEstate: [
    'immobilier',
    'immo',
    'real estate',
    'property',
    'properties',
    'inmobiliari*',
    'bienes raices',
    'reit*',
    'logement',
    'terrain*',
    'vivienda*',
    'house*',
    'maison*',
  ],
  stocks: [
    'action',
    'actions',
    'bourse',
    'stock*',
    'shares',
    'equit*',
    'acciones',
    'accion',
    'bolsa',
    'etf*',
    'dividend*',
  ],
  crypto: [
    'crypto*',
    'bitcoin',
    'btc',
    'ethereum',
    'eth',
    'blockchain',
    'defi',
    'nft*',
    'staking',
    'altcoin*',
    'cripto*',
    'solana',
    'usdt',
  ],
  portfolio: [
    'portfolio',
    'portefeuille',
    'portafolio',
    'cartera',
    'solde',
    'balance',
    'saldo',
    'gain*',
    'perte*',
    'roi',
    'rendement*',
    'performance*',
    'niveau',
    'level',
    'nivel',
  ],
  invest: [
    'invest*',
    'placer',
    'placement*',
    'inver*',
    'invier*',
    'invert*',
    'simulat*',
    'simulador',
    'commencer',
    'get started',
    'empezar',
    'start',
  ],
  help: [
    'aide',
    'aider',
    'help',
    'ayuda',
    'ayudar',
    'assistance',
    'support',
    'soporte',
    'question*',
    'pregunta*',
    'comment ca marche',
    'how does',
    'como funciona',
  ],
  greeting: [
    'bonjour',
    'bonsoir',
    'salut',
    'coucou',
    'hello',
    'hi',
    'hey',
    'good morning',
    'good evening',
    'hola',
    'buenos dias',
    'buenas tardes',
    'buenas noches',
    'buenas',
  ],
};

/** Lower case, accents removed, punctuation turned into spaces: "Épargne, DÉPÔT !" → "epargne depot". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patterns: [Exclude<Intent, 'fallback'>, RegExp][] = intentOrder.map((intent) => {
  const alternatives = keywords[intent].map((k) =>
    k.endsWith('*') ? `${escape(normalize(k))}[a-z]*` : escape(normalize(k)),
  );
  return [intent, new RegExp(`(?:^| )(?:${alternatives.join('|')})(?= |$)`)];
});

/** The intent of one message; `fallback` when no keyword of any intent appears. */
export function matchIntent(message: string): Intent {
  const text = normalize(message);
  if (!text) return 'fallback';
  for (const [intent, pattern] of patterns) {
    if (pattern.test(text)) return intent;
  }
  return 'fallback';
}

/** The assistant answers after this delay (spec §9), so it reads as a reply, not an echo. */
export const ASSISTANT_REPLY_DELAY_MS = 500;
