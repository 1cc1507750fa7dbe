/**
 * The assistant's figures on a set written blind (src/core/assistant/corpus/README.md), per
 * language: `npm run assistant:blind -- blind-4` (a folder of corpus/, or a path to one; the
 * newest blind set when none is named, `corpus` for the corpus's own held-out quarter). Measures
 * what the assistant decides with, the server's model (decision 064), and the lexicon the browser
 * falls back on. Prints each message not answered right and each out-of-scope message answered.
 */
import { blindSets, heldOutSet, languages, modelExamples, readCorpus } from '../src/core/assistant/corpus';
import { matchIntent } from '../src/core/assistant/matcher';
import { measure, summary } from '../src/core/assistant/measure';
import { decide, train } from '../src/core/assistant/model';

const named = process.argv.slice(2).filter((a) => a !== '--');
const sets = named.length ? named : [heldOutSet];
const model = train(modelExamples());
for (const set of sets) {
  const trainedOn = set === 'corpus' || (blindSets as readonly string[]).includes(set);
  for (const [name, match] of [
    [`model${trainedOn ? ' (trained on this set: not fresh)' : ''}`, (text: string) => decide(model, text)],
    ['lexicon (fallback)', matchIntent],
  ] as const) {
    for (const lang of languages) {
      const f = measure(readCorpus(lang, set === 'corpus' ? undefined : set), match);
      console.log(summary(`${set} ${lang}, ${name}`, f));
      for (const miss of f.misses) console.log(`  missed   ${miss}`);
      for (const answer of f.falseAnswers) console.log(`  oos answered as ${answer}`);
    }
  }
}
