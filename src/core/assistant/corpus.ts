import { readFileSync } from 'node:fs';
import { intents, type Intent } from './lexicon';

/** One labelled message of the corpus; `oos` marks a message the assistant must not answer. */
export type Example = { lang: Language; label: Intent | 'oos'; text: string; heldOut: boolean };
export type Language = 'fr' | 'en' | 'es';

/**
 * The corpus files, one per language (`intent<TAB>message`). Every fourth message of each intent
 * is held out: the lexicon is written against the others and measured on these.
 */
export function readCorpus(lang: Language): Example[] {
  const seen = new Map<string, number>();
  return readFileSync(new URL(`./corpus/${lang}.tsv`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      const [label, text] = line.split('\t');
      if (!text || !(label === 'oos' || (intents as readonly string[]).includes(label!)))
        throw new Error(`corpus ${lang}: bad line "${line}"`);
      const index = seen.get(label!) ?? 0;
      seen.set(label!, index + 1);
      return { lang, label: label as Intent | 'oos', text, heldOut: index % 4 === 3 };
    });
}
