import { words } from './normalize';

/**
 * Words that make a question about the person's own account rather than how the product works:
 * "où est MON dépôt", "POURQUOI je peux pas retirer", "why is my withdrawal STILL pending". A
 * visitor asking one is told to sign in to see it; "comment déposer ?" stays a general question.
 */
const own = new Set(['mon', 'ma', 'mes', 'my', 'mine', 'mi', 'mis', 'pourquoi', 'why', 'encore', 'toujours', 'still']);
const phrases = [
  ['peux', 'pas'],
  ['peut', 'pas'],
  ['can', 'not'],
  ['can', 't'],
  ['cannot'],
  ['no', 'puedo'],
  ['por', 'que'],
  ['ou', 'est'],
  ['where', 'is'],
  ['donde', 'esta'],
  ['todavia'],
  ['porque'],
  ['bloque'],
  ['blocked'],
  ['bloqueado'],
];

export function asksAboutOwnAccount(text: string): boolean {
  const w = words(text);
  if (w.some((word) => own.has(word))) return true;
  return phrases.some((p) => w.some((_, i) => p.every((part, k) => w[i + k] === part)));
}
