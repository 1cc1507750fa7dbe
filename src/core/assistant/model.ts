import { intents, type Intent } from './lexicon';
import { matchScores, MAX_CHOICES, read, type Match } from './matcher';
import { words } from './normalize';
import { isOutOfScope } from './out-of-scope';

/**
 * The assistant's learned model (decision 064): multinomial logistic regression over the
 * normalized words, word pairs and letter 3-5-grams of each word of a message, `oos` being a class
 * of its own, trained on every labelled message but the newest blind set. It replaced the
 * hand-written lexicon as the judge of which topic a message is about because it generalizes to
 * people's own words where the lexicon did not (corpus/README.md); the lexicon still gives a
 * request for a person its strength and answers when the server cannot be reached.
 */
export type Label = Intent | 'oos';
const labels: readonly Label[] = [...intents, 'oos'];
const K = labels.length;

export type Model = {
  /** Each feature seen in training, and its row in `weights`. */
  index: Map<string, number>;
  /** One row of K weights per feature. */
  weights: Float32Array;
};

/** A message's features, each present once, scaled to unit length so that long messages weigh as much as short ones. */
function features(text: string): Map<string, number> {
  const list = words(text);
  const out = new Map<string, number>([['bias', 1]]);
  for (let i = 0; i < list.length; i++) {
    out.set(`w ${list[i]}`, 1);
    if (i > 0) out.set(`b ${list[i - 1]} ${list[i]}`, 1);
    // Letters within a word, its edges marked: "retirar" shares "<ret", "reti" with "retiro", "retrait".
    const word = `<${list[i]}>`;
    for (let n = 3; n <= 5; n++) for (let j = 0; j + n <= word.length; j++) out.set(`c${word.slice(j, j + n)}`, 1);
  }
  const norm = Math.sqrt(out.size);
  for (const key of out.keys()) out.set(key, 1 / norm);
  return out;
}

/** Settings chosen by cross-validation (scripts/assistant-cv.ts). */
export const TRAINING = { epochs: 30, l2: 1e-5, learningRate: 0.5, seed: 7 };

/**
 * Softmax regression by stochastic gradient descent with AdaGrad steps, in a fixed order drawn
 * from `seed`: the same messages give the same model on every machine.
 */
export function train(examples: readonly { label: Label; text: string }[], settings = TRAINING): Model {
  const steps = training(examples, settings);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same training, pausing after every `STEP` messages: a server trains it between requests
 * (server/modules/assistant/intent.service.ts) instead of holding its event loop for seconds.
 */
const STEP = 100;
export function* training(
  examples: readonly { label: Label; text: string }[],
  settings = TRAINING,
): Generator<void, Model, void> {
  const index = new Map<string, number>();
  const rows: { y: number; xs: [number, number][] }[] = [];
  for (const e of examples) {
    const xs: [number, number][] = [];
    for (const [f, v] of features(e.text)) {
      let i = index.get(f);
      if (i === undefined) index.set(f, (i = index.size));
      xs.push([i * K, v]);
    }
    rows.push({ y: labels.indexOf(e.label), xs });
    if (rows.length % STEP === 0) yield;
  }
  const w = new Float64Array(index.size * K);
  // Left at zero (pages the system maps only when first written): AdaGrad's 1e-8 is added below instead.
  const squares = new Float64Array(index.size * K);
  const p = new Float64Array(K);
  // A weak generator (its product loses precision in floating point, so its sequence repeats after
  // about 10,000 draws), kept because the shipped model and blind set 4's figures were measured with
  // it: replace it (Math.imul) when the next blind set is measured, not before.
  let state = settings.seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.min(i, Math.floor(random() * (i + 1)));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (let n = 0; n < order.length; n++) {
      const { y, xs } = rows[order[n]!]!;
      softmax(w, xs, p);
      for (const [at, v] of xs)
        for (let c = 0; c < K; c++) {
          const g = (p[c]! - (c === y ? 1 : 0)) * v + settings.l2 * w[at + c]!;
          squares[at + c]! += g * g;
          w[at + c]! -= (settings.learningRate / Math.sqrt(squares[at + c]! + 1e-8)) * g;
        }
      if (n % STEP === STEP - 1) yield;
    }
  }
  return { index, weights: Float32Array.from(w) };
}

function softmax(w: ArrayLike<number>, xs: [number, number][], p: Float64Array): void {
  p.fill(0);
  for (const [at, v] of xs) for (let c = 0; c < K; c++) p[c]! += w[at + c]! * v;
  let max = -Infinity;
  for (let c = 0; c < K; c++) max = Math.max(max, p[c]!);
  let sum = 0;
  for (let c = 0; c < K; c++) sum += p[c] = Math.exp(p[c]! - max);
  for (let c = 0; c < K; c++) p[c]! /= sum;
}

/** Every label with its probability, the likeliest first. */
export function rank(model: Model, text: string): [Label, number][] {
  const xs: [number, number][] = [];
  for (const [f, v] of features(text)) {
    const i = model.index.get(f);
    if (i !== undefined) xs.push([i * K, v]);
  }
  const p = new Float64Array(K);
  softmax(model.weights, xs, p);
  return labels.map((l, c) => [l, p[c]!] as [Label, number]).sort((a, b) => b[1] - a[1]);
}

/** The probability at or above which the model's label is answered (or, for `oos`, not answered). */
export const MODEL_THRESHOLD = 0.5;
/**
 * The start of a message that is read: every message of the corpus and its sets is shorter (146
 * characters at most), and anyone may send 2,000, which the lexicon's typo search alone would take
 * milliseconds over.
 */
const READ_CHARACTERS = 400;
/** Topics offered in a clarifying question: at least this probable, at most three. */
const CHOICE_PROBABILITY = 0.1;

/**
 * What the assistant does with one message. Out-of-scope rules come first, whatever the model
 * says. A message that only names topics ("dépôt ou retrait ?", "stocks or real estate") gets the
 * lexicon's question between them: the model, trained on questions, would pick one. A confident
 * label is answered (`oos`: not understood); otherwise the likeliest topics are offered as a
 * question. An answer carries the lexicon's score for its topic (0 when the lexicon saw none of
 * its words), which says how plainly a person or a hand-off was asked for (handoff.ts): the model
 * says what, the lexicon how strongly.
 */
export function decide(model: Model, message: string, threshold = MODEL_THRESHOLD): Match {
  const text = message.slice(0, READ_CHARACTERS);
  if (isOutOfScope(text)) return { kind: 'none' };
  const reading = read(text);
  if (reading.onlyNamesTopics) {
    const lexicon = matchScores(reading.scores);
    if (lexicon.kind === 'clarify' && lexicon.choices.length > 1) return lexicon;
  }
  const ranking = rank(model, text);
  const [label, probability] = ranking[0]!;
  if (probability >= threshold) {
    if (label === 'oos') return { kind: 'none' };
    return { kind: 'answer', intent: label, score: reading.scores.get(label) ?? 0 };
  }
  const choices = ranking
    .filter(([l, p]) => l !== 'oos' && p >= CHOICE_PROBABILITY)
    .slice(0, MAX_CHOICES)
    .map(([l]) => l as Intent);
  return choices.length ? { kind: 'clarify', choices } : { kind: 'none' };
}
