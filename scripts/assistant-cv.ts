/**
 * Cross-validation of the assistant's learned model (corpus/README.md, decision 064):
 * `npm run assistant:cv` (add `-- --grid` to try other thresholds and training settings). Each
 * fold tests a set the model was not trained on (`crossValidationFolds`): each older blind set,
 * with the model trained on the corpus, the other blind sets and the training sets; and the
 * corpus's held-out quarter. The lexicon's figure is printed beside it: it was tuned on blind sets
 * 1 and 2 and read the corpus, so it is fresh only on blind set 3.
 * Prints strict top-1 (a clarifying question is not right) and out-of-scope answered per language.
 */
import { crossValidationFolds, languages, type Example } from '../src/core/assistant/corpus';
import { matchIntent, type Match } from '../src/core/assistant/matcher';
import { measure } from '../src/core/assistant/measure';
import { decide, MODEL_THRESHOLD, train, TRAINING } from '../src/core/assistant/model';

function score(examples: Example[], match: (text: string) => Match) {
  const f = measure(examples, match);
  return {
    right: Math.round(f.top1 * f.inScope),
    inScope: f.inScope,
    answered: f.falseAnswers.length,
    oos: f.outOfScope,
  };
}

const grid = process.argv.includes('--grid');
const settings = grid
  ? [10, 30].flatMap((epochs) => [1e-4, 1e-5, 1e-6].map((l2) => ({ ...TRAINING, epochs, l2 })))
  : [TRAINING];
const pct = (n: number, of: number) => `${((n / of) * 100).toFixed(1)} %`;
const totals = new Map<string, { right: number; inScope: number; answered: number; oos: number }>();

for (const fold of crossValidationFolds()) {
  console.log(`\n## fold ${fold.name}`);
  console.log('design | fr top-1 · oos answered | en | es');
  const row = (name: string, match: (text: string) => Match) => {
    const cells = languages.map((lang) => {
      const r = score(fold.test[lang], match);
      const t = totals.get(name) ?? { right: 0, inScope: 0, answered: 0, oos: 0 };
      totals.set(name, {
        right: t.right + r.right,
        inScope: t.inScope + r.inScope,
        answered: t.answered + r.answered,
        oos: t.oos + r.oos,
      });
      return `${pct(r.right, r.inScope)} (${r.right}/${r.inScope}) · ${r.answered}/${r.oos}`;
    });
    console.log(`${name} | ${cells.join(' | ')}`);
  };
  row('lexicon', matchIntent);
  for (const s of settings) {
    const started = performance.now();
    const model = train(fold.train, s);
    const ms = performance.now() - started;
    for (const threshold of grid ? [0.3, 0.4, 0.5, 0.6, 0.7] : [MODEL_THRESHOLD])
      row(`model, ${s.epochs} epochs, l2 ${s.l2}, p ≥ ${threshold}`, (text) => decide(model, text, threshold));
    console.log(`  (trained on ${fold.train.length} messages in ${ms.toFixed(0)} ms, ${model.index.size} features)`);
  }
}
console.log('\n## every fold');
for (const [name, t] of totals)
  console.log(
    `${name}: ${pct(t.right, t.inScope)} (${t.right}/${t.inScope}) · ${t.answered}/${t.oos} out of scope answered`,
  );
