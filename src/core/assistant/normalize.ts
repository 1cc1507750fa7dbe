/**
 * Text as people type it in a chat, brought to one form before matching: no case, no accents,
 * no punctuation, stretched letters shortened ("merciii" → "merci") and the SMS shorthand of the
 * three languages spelled out ("pk jpeux pas" → "pourquoi je peux pas").
 */

/** Lower case, accents removed, punctuation turned into spaces: "Épargne, DÉPÔT !" → "epargne depot". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Only shorthand that cannot be a word of its own in another of the three languages.
const shorthand: Record<string, string> = {
  // French
  pk: 'pourquoi',
  pq: 'pourquoi',
  pkoi: 'pourquoi',
  pourkoi: 'pourquoi',
  prq: 'pourquoi',
  jpeux: 'je peux',
  jpeu: 'je peux',
  jpx: 'je peux',
  jveux: 'je veux',
  jve: 'je veux',
  jai: 'j ai',
  daide: 'd aide',
  bcp: 'beaucoup',
  qq1: 'quelqu un',
  qqn: 'quelqu un',
  mrc: 'merci',
  mersi: 'merci',
  tjr: 'toujours',
  tjrs: 'toujours',
  qd: 'quand',
  qnd: 'quand',
  cb: 'combien',
  cmb: 'combien',
  mdp: 'mot de passe',
  dispo: 'disponible',
  bjr: 'bonjour',
  slt: 'salut',
  cc: 'coucou',
  dpot: 'depot',
  dpo: 'depot',
  depo: 'depot',
  // English
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  cant: 'can not',
  wont: 'will not',
  dont: 'do not',
  wanna: 'want to',
  pwd: 'password',
  pw: 'password',
  thx: 'thanks',
  ty: 'thanks',
  tks: 'thanks',
  thanx: 'thanks',
  // Spanish
  xq: 'por que',
  q: 'que',
  porq: 'por que',
  pxq: 'por que',
  kiero: 'quiero',
  porfa: 'por favor',
  dnd: 'donde',
  grax: 'gracias',
  wenas: 'buenas',
};

/** The words of a message, normalized, stretched letters shortened and shorthand expanded. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of normalize(text).split(' ')) {
    if (!raw) continue;
    const word = raw.replace(/([a-z])\1{2,}/g, '$1');
    const expanded = shorthand[word];
    if (expanded) out.push(...expanded.split(' '));
    else out.push(word);
  }
  return out;
}
