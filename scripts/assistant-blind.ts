/**
 * The assistant's figures on a set written blind (src/core/assistant/corpus/README.md), per
 * language: `npm run assistant:blind -- blind-1` (a folder of corpus/, or a path to one; every
 * blind set when none is named, `corpus` for the corpus's own held-out quarter). Prints each
 * message it did not answer right and each out-of-scope message it answered.
 */
import { existsSync } from 'node:fs';
import { blindSets, languages, readCorpus } from '../src/core/assistant/corpus';
import { measure, summary } from '../src/core/assistant/measure';

const named = process.argv.slice(2).filter((a) => a !== '--');
const sets = named.length
  ? named
  : blindSets.filter((set) => existsSync(new URL(`../src/core/assistant/corpus/${set}`, import.meta.url)));
for (const set of sets) {
  for (const lang of languages) {
    const f = measure(readCorpus(lang, set === 'corpus' ? undefined : set));
    console.log(summary(`${set} ${lang}`, f));
    for (const miss of f.misses) console.log(`  missed   ${miss}`);
    for (const answer of f.falseAnswers) console.log(`  oos answered as ${answer}`);
  }
}
