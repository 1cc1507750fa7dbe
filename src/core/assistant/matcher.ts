import { intents, lexicon, type Intent } from './lexicon';
import { normalize, words } from './normalize';
import { isOutOfScope } from './out-of-scope';

/**
 * Deterministic intent matching for the assistant: weighted cues of three languages (lexicon.ts),
 * typo-tolerant, with a confidence threshold. Below the threshold the assistant asks instead of
 * guessing. Since decision 064 the server's learned model (model.ts) decides the topic; this
 * matcher answers in the browser when the server cannot, and gives the model a request's strength
 * and the question between topics a message only names.
 */
export type Match =
  { kind: 'answer'; intent: Intent; score: number } | { kind: 'clarify'; choices: Intent[] } | { kind: 'none' };

/** A score at least this high, well ahead of the next intent, is answered without asking. */
export const ANSWER_SCORE = 2.5;
/**
 * When no other intent is named at all, a cue that strongly suggests one ("mes gains", "good
 * morning", "dividendes") is answered: a question with that one choice only asks the message back.
 */
const SOLE_ANSWER_SCORE = 2;
/** The runner-up must stay under this share of the best score for the best one to be answered. */
const LEAD_RATIO = 0.75;
/** Intents offered in a clarifying question: within this share of the best, at most three. */
const CHOICE_RATIO = 0.5;
export const MAX_CHOICES = 3;
/** A typo costs this share of a cue's weight: a misspelt word still counts, a little less. */
const TYPO_QUALITY = 0.85;

/**
 * When both are named, the first is what the message is about and the others only its object:
 * "je conteste ce retrait" contests, "frais de retrait" asks about fees, "stop my crypto
 * investment" stops. The object keeps half its score, enough to be offered if the question is unclear.
 */
const outranks: Partial<Record<Intent, Intent[]>> = {
  stop: ['invest', 'crypto', 'trading', 'stocks', 'realEstate', 'portfolio'],
  contest: [
    'withdraw',
    'deposit',
    'transfer',
    'portfolio',
    'fraud',
    'fees',
    'invest',
    'crypto',
    'trading',
    'stocks',
    'realEstate',
    'stop',
  ],
  fraud: ['withdraw', 'security', 'human', 'transfer', 'deposit', 'portfolio'],
  complaint: ['withdraw', 'deposit', 'transfer', 'human'],
  fees: ['withdraw', 'deposit', 'transfer', 'crypto', 'invest', 'trading', 'stocks', 'realEstate', 'portfolio'],
  limits: ['withdraw', 'deposit', 'transfer', 'security'],
  personalData: ['stop', 'security', 'contest', 'fraud'],
  withdraw: ['crypto', 'portfolio'],
  transfer: ['invest'],
  // "Is real estate safe here?" asks about the area, not the platform's security.
  crypto: ['invest', 'security'],
  trading: ['invest', 'security'],
  stocks: ['invest', 'security'],
  realEstate: ['invest', 'security'],
  deposit: ['crypto', 'portfolio'],
  help: ['greeting'],
  thanks: ['greeting'],
};
const OBJECT_SHARE = 0.5;

// Greetings, thanks and "help" wrap real questions ("bonjour, comment retirer ?"): they only win alone.
const social = new Set<Intent>(['greeting', 'thanks', 'help']);

type CueWord = { text: string; stem: boolean; exact: boolean };
type Cue = { intent: Intent; weight: number; words: CueWord[] };

const cues: Cue[] = intents.flatMap((intent) =>
  lexicon[intent].flatMap(([weight, list]) =>
    list.map((cue) => ({
      intent,
      weight,
      words: cue.split(' ').map((w) => ({
        text: normalize(w.replace(/[*!]$/, '')),
        stem: w.endsWith('*'),
        exact: w.endsWith('!'),
      })),
    })),
  ),
);

/** Damerau–Levenshtein (adjacent swaps cost one), stopped early past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      row.push(d);
    }
    if (i > 0 && Math.min(...row) > max) return max + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** Two letters swapped ("hlep") or one letter doubled ("holaa"): the only typos a four-letter word forgives. */
function slipOfShortWord(cue: string, word: string): boolean {
  if (word.length === cue.length) {
    const diff = [...cue].flatMap((c, i) => (c === word[i] ? [] : [i]));
    return (
      diff.length === 2 &&
      diff[1] === diff[0]! + 1 &&
      cue[diff[0]!] === word[diff[1]!] &&
      cue[diff[1]!] === word[diff[0]!]
    );
  }
  if (word.length !== cue.length + 1) return false;
  for (let i = 1; i < word.length; i++) {
    if (word[i] === word[i - 1] && word.slice(0, i) + word.slice(i + 1) === cue) return true;
  }
  return false;
}

/**
 * 1 for an exact word (or stem), TYPO_QUALITY for a near miss, 0 otherwise. People rarely miss
 * the first letter, and short words have too many neighbours ("para" / "parar", "gatos" /
 * "datos"), so a typo is forgiven only on a matching first letter and on longer words.
 */
function wordQuality(cue: CueWord, word: string): number {
  if (cue.stem ? word.startsWith(cue.text) : word === cue.text) return 1;
  if (cue.exact || word[0] !== cue.text[0]) return 0;
  if (cue.stem) {
    if (cue.text.length < 6) return 0;
    for (const cut of [cue.text.length - 1, cue.text.length, cue.text.length + 1]) {
      if (word.length >= cut && editDistance(cue.text, word.slice(0, cut), 1) <= 1) return TYPO_QUALITY;
    }
    return 0;
  }
  if (cue.text.length === 4) return slipOfShortWord(cue.text, word) ? TYPO_QUALITY : 0;
  if (word.length === cue.text.length + 1 && slipOfShortWord(cue.text, word)) return TYPO_QUALITY;
  if (cue.text.length < 5 || (cue.text.length === 5 && word.length !== 5)) return 0;
  const allowed = cue.text.length >= 10 ? 2 : 1;
  return editDistance(cue.text, word, allowed) <= allowed ? TYPO_QUALITY : 0;
}

type Hit = { intent: Intent; start: number; end: number; score: number };

function hits(message: string[]): Hit[] {
  const found: Hit[] = [];
  for (const cue of cues) {
    for (let start = 0; start + cue.words.length <= message.length; start++) {
      let quality = 1;
      for (let k = 0; k < cue.words.length && quality > 0; k++) {
        quality = Math.min(quality, wordQuality(cue.words[k]!, message[start + k]!));
      }
      if (quality > 0)
        found.push({ intent: cue.intent, start, end: start + cue.words.length, score: cue.weight * quality });
    }
  }
  return found;
}

// Words that join topic names in a list ("dépôt ou retrait", "stocks or real estate", "cripto y acciones").
const joiners = new Set([
  'ou',
  'or',
  'o',
  'et',
  'and',
  'y',
  'e',
  'vs',
  'versus',
  'ni',
  'nor',
  'the',
  'le',
  'la',
  'les',
  'el',
  'los',
  'las',
]);

/**
 * What the lexicon reads in one message, found in one pass over its cues: each intent's score
 * (its best cues over words no other of its cues already took), and whether the message only
 * names topics, joined by "ou / or / y" ("dépôt ou retrait ?", "stocks real estate"): a list of
 * topics rather than a question about one of them.
 */
export type Reading = { scores: Map<Intent, number>; onlyNamesTopics: boolean };

export function read(message: string): Reading {
  const list = words(message);
  const found = hits(list);
  const named = new Set<number>();
  for (const hit of found) for (let i = hit.start; i < hit.end; i++) named.add(i);
  return {
    scores: scoresOf(found),
    onlyNamesTopics: list.length > 0 && list.every((word, i) => named.has(i) || joiners.has(word)),
  };
}

/** Each intent's score in one message (`read`). */
export function scores(message: string): Map<Intent, number> {
  return read(message).scores;
}

function scoresOf(found: Hit[]): Map<Intent, number> {
  const byIntent = new Map<Intent, Hit[]>();
  for (const hit of found) {
    const list = byIntent.get(hit.intent) ?? [];
    list.push(hit);
    byIntent.set(hit.intent, list);
  }
  const result = new Map<Intent, number>();
  for (const [intent, list] of byIntent) {
    list.sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start));
    const taken: Hit[] = [];
    for (const hit of list) {
      if (taken.every((t) => hit.end <= t.start || hit.start >= t.end)) taken.push(hit);
    }
    result.set(
      intent,
      taken.reduce((sum, h) => sum + h.score, 0),
    );
  }
  for (const [subject, objects] of Object.entries(outranks) as [Intent, Intent[]][]) {
    if (!result.has(subject)) continue;
    for (const object of objects) {
      const score = result.get(object);
      if (score !== undefined) result.set(object, score * OBJECT_SHARE);
    }
  }
  return result;
}

/** What the assistant should do with one message. */
export function matchIntent(message: string): Match {
  return isOutOfScope(message) ? { kind: 'none' } : matchScores(scores(message));
}

/** The lexicon's decision from the scores it read in a message already known to be in scope. */
export function matchScores(scored: Map<Intent, number>): Match {
  let ranked = [...scored].sort((a, b) => b[1] - a[1] || intents.indexOf(a[0]) - intents.indexOf(b[0]));
  if (ranked.length === 0) return { kind: 'none' };
  if (ranked.some(([intent, score]) => !social.has(intent) && score >= ANSWER_SCORE)) {
    ranked = ranked.filter(([intent]) => !social.has(intent));
  }
  const [best, second] = ranked;
  const [intent, score] = best!;
  if (score >= ANSWER_SCORE && (!second || second[1] < score * LEAD_RATIO)) return { kind: 'answer', intent, score };
  if (!second && score >= SOLE_ANSWER_SCORE) return { kind: 'answer', intent, score };
  const choices = ranked
    .filter(([, s]) => s >= score * CHOICE_RATIO)
    .slice(0, MAX_CHOICES)
    .map(([i]) => i);
  return { kind: 'clarify', choices };
}
