/**
 * Cross-validation of the assistant's learned model beside the lexicon (corpus/README.md,
 * decision 053): `npm run assistant:cv` (add `-- --grid` for every sharpness, threshold and
 * out-of-scope bias tried). Each fold tests a set the model was not trained on (`crossValidationFolds`):
 * blind-1 (trained on the corpus and blind-2), blind-2 (the corpus and blind-1), and the corpus's
 * held-out quarter (its other three quarters and both blind sets).
 *
 * Today's lexicon was tuned on all three, so it is not fresh on any fold. Each blind fold is
 * therefore also run with the lexicon as it was before that set was read (git history): 69c2aec
 * (tuned on the corpus only) for blind-1, 431cfdc (the corpus and blind-1) for blind-2. Those are
 * the fair figures of a lexicon, and of the lexicon with the model, on data neither has seen.
 * Prints strict top-1 (a clarifying question is not right) and out-of-scope answered per language.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crossValidationFolds, languages, type Example } from '../src/core/assistant/corpus';
import { matchIntent, type Match } from '../src/core/assistant/matcher';
import {
  combine,
  MODEL_THRESHOLD,
  OOS_BIAS,
  rank,
  SHARPNESS,
  train,
  type Combination,
  type Model,
} from '../src/core/assistant/model';
import { isOutOfScope } from '../src/core/assistant/out-of-scope';

type Lexicon = { name: string; match: (text: string) => Match; outOfScope: (text: string) => boolean };

const today: Lexicon = { name: 'today', match: matchIntent, outOfScope: isOutOfScope };

/** The assistant's folder as it was at `commit`, extracted once under the system's temp folder. */
async function lexiconAt(commit: string): Promise<Lexicon> {
  const dir = join(tmpdir(), `atlas-assistant-${commit}`);
  if (!existsSync(join(dir, 'src/core/assistant/matcher.ts'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('tar', ['-x', '-C', dir], { input: execFileSync('git', ['archive', commit, 'src/core/assistant']) });
  }
  const base = join(dir, 'src/core/assistant');
  const matcher = (await import(pathToFileURL(join(base, 'matcher.ts')).href)) as {
    matchIntent: (t: string) => Match;
  };
  const rules = existsSync(join(base, 'out-of-scope.ts'))
    ? ((await import(pathToFileURL(join(base, 'out-of-scope.ts')).href)) as { isOutOfScope: (t: string) => boolean })
    : { isOutOfScope: () => false };
  return { name: commit, match: matcher.matchIntent, outOfScope: rules.isOutOfScope };
}

const fresh: Record<string, Lexicon> = { 'blind-1': await lexiconAt('69c2aec'), 'blind-2': await lexiconAt('431cfdc') };

type Design = { name: string; decide: (text: string, lexicon: Lexicon, model: Model) => Match };

const describe: Record<Combination, string> = {
  gated: 'model where the lexicon names something, else lexicon',
  'lexicon-gated': 'lexicon answers, else model where the lexicon names something',
  model: 'model, else lexicon',
  lexicon: 'lexicon answers, else model',
  agree: 'model picks among the lexicon’s choices',
};
const grid = process.argv.includes('--grid');
const designs: Design[] = [
  { name: 'lexicon only', decide: (text, lexicon) => matchOnce(lexicon, text) },
  {
    name: `model alone after the rules, p ≥ ${MODEL_THRESHOLD}`,
    decide: (text, lexicon, model) =>
      combine(
        { kind: 'none' },
        lexicon.outOfScope(text),
        rankOnce(model, text, SHARPNESS, OOS_BIAS),
        MODEL_THRESHOLD,
        'model',
      ),
  },
];
for (const sharpness of grid ? [3, 5, 10, 20, 30] : [SHARPNESS])
  for (const bias of grid ? [0, 1, 2, 3] : [OOS_BIAS])
    for (const threshold of grid ? [0.5, 0.7, 0.8, 0.9, 0.95] : [MODEL_THRESHOLD])
      for (const how of Object.keys(describe) as Combination[])
        designs.push({
          name: `${describe[how]}, p ≥ ${threshold}, sharpness ${sharpness}, oos bias ${bias}`,
          decide: (text, lexicon, model) =>
            combine(
              matchOnce(lexicon, text),
              lexicon.outOfScope(text),
              rankOnce(model, text, sharpness, bias),
              threshold,
              how,
            ),
        });

function score(examples: Example[], decide: (text: string) => Match) {
  const inScope = examples.filter((e) => e.label !== 'oos');
  const oos = examples.filter((e) => e.label === 'oos');
  const right = inScope.filter((e) => {
    const m = decide(e.text);
    return m.kind === 'answer' && m.intent === e.label;
  }).length;
  const answered = oos.filter((e) => decide(e.text).kind === 'answer').length;
  return { right, inScope: inScope.length, answered, oos: oos.length };
}

// The same message is ranked and matched under many designs: once per model, sharpness and bias.
const ranked = new Map<string, ReturnType<typeof rank>>();
const rankOnce = (model: Model, text: string, sharpness: number, bias: number) => {
  const key = `${sharpness} ${bias} ${text}`;
  if (!ranked.has(key)) ranked.set(key, rank(model, text, sharpness, bias));
  return ranked.get(key)!;
};
const matched = new Map<Lexicon, Map<string, Match>>();
const matchOnce = (lexicon: Lexicon, text: string) => {
  const cache = matched.get(lexicon) ?? new Map<string, Match>();
  matched.set(lexicon, cache);
  if (!cache.has(text)) cache.set(text, lexicon.match(text));
  return cache.get(text)!;
};

const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;
for (const fold of crossValidationFolds()) {
  const model = train(fold.train);
  ranked.clear();
  const lexicons = fresh[fold.name] ? [fresh[fold.name]!, today] : [today];
  console.log(`\n## fold ${fold.name}: model trained on ${fold.train.length} messages`);
  console.log('lexicon | design | fr top-1 · oos answered | en | es');
  for (const lexicon of lexicons) {
    const fair =
      lexicon === lexicons[0] ? (lexicon === today ? 'today' : `${lexicon.name} (fresh)`) : 'today (not fresh)';
    for (const design of designs) {
      const cells = languages.map((lang) => {
        const r = score(fold.test[lang], (text) => design.decide(text, lexicon, model));
        return `${pct(r.right, r.inScope)} (${r.right}/${r.inScope}) · ${r.answered}/${r.oos}`;
      });
      console.log(`${fair} | ${design.name} | ${cells.join(' | ')}`);
    }
  }
}
