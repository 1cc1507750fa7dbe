import { readFileSync } from 'node:fs';
import { intents, type Intent } from './lexicon';

/** One labelled message of the corpus; `oos` marks a message the assistant must not answer. */
export type Example = { lang: Language; label: Intent | 'oos'; text: string; heldOut: boolean };
export type Language = 'fr' | 'en' | 'es';
export const languages: Language[] = ['fr', 'en', 'es'];

/** The sets written blind (corpus/README.md), in the order they were measured. */
export const blindSets = ['blind-1', 'blind-2'] as const;

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
 * The cross-validation folds of the model (corpus/README.md): each tests one set on a model
 * trained on the others, the corpus's held-out quarter (out-of-scope messages included) being one.
 */
export type Fold = { name: string; train: Example[]; test: Record<Language, Example[]> };

export function crossValidationFolds(): Fold[] {
  const all = (set?: string) => languages.flatMap((lang) => readCorpus(lang, set));
  const perLanguage = (examples: Example[]) =>
    Object.fromEntries(languages.map((lang) => [lang, examples.filter((e) => e.lang === lang)])) as Record<
      Language,
      Example[]
    >;
  return [
    ...blindSets.map((set) => ({
      name: set,
      train: [...all(), ...blindSets.filter((other) => other !== set).flatMap((other) => all(other))],
      test: perLanguage(all(set)),
    })),
    {
      name: 'corpus quarter',
      train: [...all().filter((e) => !e.heldOut), ...blindSets.flatMap((set) => all(set))],
      test: perLanguage(all().filter((e) => e.heldOut)),
    },
  ];
}
