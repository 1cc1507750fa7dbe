import { intents, type Intent } from './lexicon';
import type { Match } from './matcher';
import { words } from './normalize';

/**
 * An experiment, not shipped (corpus/README.md, decision 053): a learned classifier beside the
 * lexicon, multinomial naive Bayes over the normalized words, word pairs and letter 3-5-grams of a
 * message, each counted once per message, `oos` being a class of its own, and the ways of
 * combining it with the lexicon's decision that scripts/assistant-cv.ts cross-validates. Nothing
 * the assistant runs imports this file.
 */
export type Label = Intent | 'oos';
export const labels: readonly Label[] = [...intents, 'oos'];

export type Model = {
  logPrior: Float64Array;
  /** Per feature, its log-probability in each class; a feature never seen in training is skipped. */
  logLikelihood: Map<string, Float64Array>;
};

/** Additive smoothing of the feature counts (scripts/assistant-cv.ts). */
const ALPHA = 0.1;
/** How sharp the per-feature average makes the posteriors, and the head start of `oos`: the best in cross-validation. */
export const SHARPNESS = 10;
export const OOS_BIAS = 2;

export function features(text: string): string[] {
  const list = words(text);
  const out = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    out.add(`w ${list[i]}`);
    if (i > 0) out.add(`b ${list[i - 1]} ${list[i]}`);
  }
  const padded = ` ${list.join(' ')} `;
  for (let n = 3; n <= 5; n++) {
    for (let i = 0; i + n <= padded.length; i++) out.add(padded.slice(i, i + n));
  }
  return [...out];
}

export function train(examples: { label: Label; text: string }[], alpha = ALPHA): Model {
  const k = labels.length;
  const docs = new Float64Array(k);
  const totals = new Float64Array(k);
  const counts = new Map<string, Float64Array>();
  for (const e of examples) {
    const c = labels.indexOf(e.label);
    docs[c]!++;
    for (const f of features(e.text)) {
      let row = counts.get(f);
      if (!row) counts.set(f, (row = new Float64Array(k)));
      row[c]!++;
      totals[c]!++;
    }
  }
  const vocabulary = counts.size;
  const denominator = totals.map((t) => Math.log(t + alpha * vocabulary));
  const logLikelihood = new Map<string, Float64Array>();
  for (const [f, row] of counts)
    logLikelihood.set(
      f,
      row.map((n, c) => Math.log(n + alpha) - denominator[c]!),
    );
  return {
    logPrior: docs.map((d) => Math.log((d + 1) / (examples.length + k))),
    logLikelihood,
  };
}

/** Every label with its posterior probability, the likeliest first. */
export function rank(model: Model, text: string, sharpness = SHARPNESS, oosBias = OOS_BIAS): [Label, number][] {
  const score = Float64Array.from(model.logPrior);
  let seen = 0;
  for (const f of features(text)) {
    const row = model.logLikelihood.get(f);
    if (!row) continue;
    seen++;
    for (let c = 0; c < score.length; c++) score[c]! += row[c]!;
  }
  // Naive Bayes counts every overlapping letter n-gram as independent evidence, so its raw
  // posteriors are all but 0 or 1; averaged per feature and sharpened, a threshold means something.
  for (let c = 0; c < score.length; c++) score[c] = (score[c]! / Math.max(seen, 1)) * sharpness;
  // Out-of-scope messages are few and varied in training; a head start keeps the model from answering them.
  score[labels.length - 1]! += oosBias;
  const max = Math.max(...score);
  const exp = score.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return labels.map((l, c) => [l, exp[c]! / sum] as [Label, number]).sort((a, b) => b[1] - a[1]);
}

/** The model's posterior at or above which its label counts. */
export const MODEL_THRESHOLD = 0.9;

export type Combination = 'lexicon' | 'model' | 'agree' | 'gated' | 'lexicon-gated';

/**
 * The lexicon's decision and the model's ranking together; out-of-scope rules always come first.
 * The model's label counts when its posterior reaches `threshold`; a confident `oos` answers nothing.
 * - 'gated': when the lexicon names at least one intent, the model's confident label decides;
 *   otherwise, and when the model is unsure, the lexicon's own decision stands. A message with no
 *   cue at all is never answered, which keeps the model from answering out-of-scope ones.
 * - 'lexicon-gated': as 'gated', but a confident lexicon answer stands.
 * - 'model': the model's confident label first, the lexicon for the rest.
 * - 'lexicon': a confident lexicon answer first, the model for the rest.
 * - 'agree': the model only picks among the choices of the lexicon's clarifying question.
 */
export function combine(
  lexicon: Match,
  outOfScope: boolean,
  ranking: [Label, number][],
  threshold: number,
  how: Combination,
): Match {
  if (outOfScope) return { kind: 'none' };
  const [best] = ranking;
  const model: Match | undefined =
    best === undefined || best[1] < threshold
      ? undefined
      : best[0] === 'oos'
        ? { kind: 'none' }
        : { kind: 'answer', intent: best[0], score: best[1] };
  switch (how) {
    case 'gated':
      return lexicon.kind === 'none' ? lexicon : (model ?? lexicon);
    case 'lexicon-gated':
      return lexicon.kind !== 'clarify' ? lexicon : (model ?? lexicon);
    case 'model':
      return model ?? lexicon;
    case 'lexicon':
      return lexicon.kind === 'answer' ? lexicon : (model ?? lexicon);
    case 'agree':
      return model?.kind === 'answer' && lexicon.kind === 'clarify' && lexicon.choices.includes(model.intent)
        ? model
        : lexicon;
  }
}
