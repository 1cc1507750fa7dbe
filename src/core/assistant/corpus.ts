import { readFileSync } from 'node:fs';
import { intents, type Intent } from './lexicon';

/** One labelled message of the corpus; `oos` marks a message the assistant must not answer. */
export type Example = { lang: Language; label: Intent | 'oos'; text: string; heldOut: boolean };
export type Language = 'fr' | 'en' | 'es';
export const languages: Language[] = ['fr', 'en', 'es'];

/** The sets written blind (corpus/README.md), in the order they were measured. */
export const blindSets = ['blind-1', 'blind-2', 'blind-3'] as const;

/**
 * The corpus files, one per language (`intent<TAB>message`). Every fourth message of each intent
 * is held out: the lexicon is written against the others and measured on these. A blind set
 * (`set`, a folder of corpus/, or a path to one) is held out as a whole.
 */
export function readCorpus(lang: Language, set?: string): Example[] {
  const file = !set
    ? new URL(`./corpus/${lang}.tsv`, import.meta.url)
    : set.includes('/')
      ? `${set.replace(/\/$/, '')}/${lang}.tsv`
      : new URL(`./corpus/${set}/${lang}.tsv`, import.meta.url);
  const seen = new Map<string, number>();
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [label, text] = line.split('\t');
      if (!text || !(label === 'oos' || (intents as readonly string[]).includes(label!)))
        throw new Error(`corpus ${set ?? ''} ${lang}: bad line "${line}"`);
      const index = seen.get(label!) ?? 0;
      seen.set(label!, index + 1);
      return { lang, label: label as Intent | 'oos', text, heldOut: set !== undefined || index % 4 === 3 };
    });
}

/**
 * Messages written only to train the model (corpus/README.md): 25 per topic and 60 out of scope
 * per language each, by two writers who knew only the topic list. Never measured on.
 */
export const trainingSets = ['training-a', 'training-b'] as const;

/** The newest set written blind: never trained on, the model's fresh measurement and held-out test. */
export const heldOutSet = 'blind-4';

const everyLanguage = (set?: string) => languages.flatMap((lang) => readCorpus(lang, set));

/** What the shipped model learns from: the whole corpus, the older blind sets and the training sets. */
export function modelExamples(): Example[] {
  return [everyLanguage(), ...blindSets.map(everyLanguage), ...trainingSets.map(everyLanguage)].flat();
}

/**
 * The cross-validation folds of the model (scripts/assistant-cv.ts): each blind set, and the
 * corpus's held-out quarter (its out-of-scope messages included), tested on a model trained on all
 * the rest of what the shipped model learns from.
 */
export type Fold = { name: string; train: Example[]; test: Record<Language, Example[]> };

export function crossValidationFolds(): Fold[] {
  const perLanguage = (examples: Example[]) =>
    Object.fromEntries(languages.map((lang) => [lang, examples.filter((e) => e.lang === lang)])) as Record<
      Language,
      Example[]
    >;
  // Each file read once, whichever folds use it.
  const corpus = everyLanguage();
  const blind = new Map(blindSets.map((set) => [set, everyLanguage(set)]));
  const training = trainingSets.flatMap(everyLanguage);
  return [
    ...blindSets.map((set) => ({
      name: set,
      train: [
        ...corpus,
        ...blindSets.filter((other) => other !== set).flatMap((other) => blind.get(other)!),
        ...training,
      ],
      test: perLanguage(blind.get(set)!),
    })),
    {
      name: 'corpus quarter',
      train: [...corpus.filter((e) => !e.heldOut), ...[...blind.values()].flat(), ...training],
      test: perLanguage(corpus.filter((e) => e.heldOut)),
    },
  ];
}
