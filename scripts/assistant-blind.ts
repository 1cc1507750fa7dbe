/**
 * The assistant's figures on a set written blind (src/core/assistant/corpus/README.md), per
 * language: `npm run assistant:blind -- blind-4` (a folder of corpus/, or a path to one; the
 * newest blind set when none is named, `corpus` for the corpus's own held-out quarter). Measures
 * what the assistant decides with, the server's model (decision 064), and the lexicon the browser
 * falls back on. Prints each message not answered right and each out-of-scope message answered.
 */
import {
  blindSets,
  heldOutSet,
  languages,
  modelExamples,
  readCorpus,
  trainingSets,
} from '../src/core/assistant/corpus';
import { matchIntent } from '../src/core/assistant/matcher';
import { measure, report } from '../src/core/assistant/measure';
import { decide, train } from '../src/core/assistant/model';

const named = process.argv.slice(2).filter((a) => a !== '--');
const sets = named.length ? named : [heldOutSet];
const model = train(modelExamples());
const learnedFrom: readonly string[] = ['corpus', ...blindSets, ...trainingSets];
for (const set of sets) {
  const trainedOn = learnedFrom.includes(set);
  for (const [name, match] of [
    [`model${trainedOn ? ' (trained on this set: not fresh)' : ''}`, (text: string) => decide(model, text)],
    ['lexicon (fallback)', matchIntent],
  ] as const) {
    for (const lang of languages)
      console.log(
        report(`${set} ${lang}, ${name}`, measure(readCorpus(lang, set === 'corpus' ? undefined : set), match)),
      );
  }
}
