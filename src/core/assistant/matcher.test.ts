import { describe, expect, it } from 'vitest';
import { readCorpus, type Example, type Language } from './corpus';
import { intents } from './lexicon';
import { MAX_CHOICES, matchIntent } from './matcher';

const languages: Language[] = ['fr', 'en', 'es'];
const corpus = Object.fromEntries(languages.map((lang) => [lang, readCorpus(lang)])) as Record<Language, Example[]>;

function measure(examples: Example[]) {
  const inScope = examples.filter((e) => e.label !== 'oos' && e.heldOut);
  const outOfScope = examples.filter((e) => e.label === 'oos');
  let top1 = 0;
  let answered = 0;
  const misses: string[] = [];
  for (const e of inScope) {
    const m = matchIntent(e.text);
    const best = m.kind === 'answer' ? m.intent : m.kind === 'clarify' ? m.choices[0] : undefined;
    if (best === e.label) top1++;
    else misses.push(`${e.label}: ${e.text}`);
    if (m.kind === 'answer' && m.intent === e.label) answered++;
  }
  const falseMatches = outOfScope.filter((e) => matchIntent(e.text).kind === 'answer').map((e) => e.text);
  return {
    heldOut: inScope.length,
    top1: top1 / inScope.length,
    answered: answered / inScope.length,
    outOfScope: outOfScope.length,
    falseMatch: falseMatches.length / outOfScope.length,
    misses,
    falseMatches,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

describe('intent matching measured on the corpus', () => {
  it.each(languages)('has at least 300 labelled messages covering every intent (%s)', (lang) => {
    const inScope = corpus[lang].filter((e) => e.label !== 'oos');
    expect(inScope.length).toBeGreaterThanOrEqual(300);
    for (const intent of intents) expect(inScope.filter((e) => e.label === intent).length).toBeGreaterThanOrEqual(12);
    expect(corpus[lang].filter((e) => e.label === 'oos').length).toBeGreaterThanOrEqual(40);
  });

  it.each(languages)(
    'answers the held-out part at 95 percent top-1 or better, out-of-scope at 3 percent or less (%s)',
    (lang) => {
      const r = measure(corpus[lang]);
      console.log(
        `assistant corpus ${lang}: held-out ${r.heldOut} · top-1 ${pct(r.top1)} · answered without asking ${pct(r.answered)} · ` +
          `out-of-scope ${r.outOfScope} · false matches ${pct(r.falseMatch)}` +
          (r.misses.length ? `\n  missed: ${r.misses.join(' | ')}` : '') +
          (r.falseMatches.length ? `\n  false matches: ${r.falseMatches.join(' | ')}` : ''),
      );
      expect(r.top1).toBeGreaterThanOrEqual(0.95);
      expect(r.falseMatch).toBeLessThanOrEqual(0.03);
    },
  );

  it('prints the time of one reply over the whole corpus', () => {
    const all = languages.flatMap((lang) => corpus[lang]);
    const start = performance.now();
    for (const e of all) matchIntent(e.text);
    const perMessage = (performance.now() - start) / all.length;
    // A figure, not an assertion (tests/README.md): the budget is 20 ms per reply on the server.
    console.log(`assistant matching: ${perMessage.toFixed(3)} ms per message over ${all.length} messages`);
  });
});

describe('matchIntent', () => {
  it('answers the issue’s own words', () => {
    expect(matchIntent('pourquoi je peux pas retirer')).toMatchObject({ kind: 'answer', intent: 'withdraw' });
    expect(matchIntent('pk jpeux pas retirer')).toMatchObject({ kind: 'answer', intent: 'withdraw' });
    expect(matchIntent('ou est mon depot')).toMatchObject({ kind: 'answer', intent: 'deposit' });
    expect(matchIntent('je conteste ce virement')).toMatchObject({ kind: 'answer', intent: 'contest' });
  });

  it('forgives missing accents, case and stretched letters alike', () => {
    for (const m of ['DÉPÔT', 'dépôt', 'depot', 'DePoT', 'depooot'])
      expect(matchIntent(m)).toMatchObject({ intent: 'deposit' });
    expect(matchIntent('merciiiii')).toMatchObject({ kind: 'answer', intent: 'thanks' });
  });

  it('forgives a typo in a long word but not a neighbour of a short one', () => {
    expect(matchIntent('investisement')).toMatchObject({ kind: 'answer', intent: 'invest' });
    expect(matchIntent('perros o gatos')).toEqual({ kind: 'none' });
    expect(matchIntent('para que sirves')).toMatchObject({ intent: 'help' });
  });

  it('lets the question win over its object and over a greeting', () => {
    expect(matchIntent('frais de retrait')).toMatchObject({ kind: 'answer', intent: 'fees' });
    expect(matchIntent('stop my crypto investment')).toMatchObject({ kind: 'answer', intent: 'stop' });
    expect(matchIntent('Bonjour, comment retirer ?')).toMatchObject({ kind: 'answer', intent: 'withdraw' });
  });

  it('asks, with at most three choices, when two intents weigh alike', () => {
    const m = matchIntent('investir retirer deposer transferer');
    expect(m.kind).toBe('clarify');
    if (m.kind === 'clarify') expect(m.choices.length).toBeLessThanOrEqual(MAX_CHOICES);
  });

  it('does not answer what it does not know', () => {
    for (const m of ['', '   ', '42', 'qwerty', 'quelle heure est-il'])
      expect(matchIntent(m)).toEqual({ kind: 'none' });
  });

  it('is deterministic', () => {
    const text = 'pk mon dpot est tjrs en attente';
    expect(matchIntent(text)).toEqual(matchIntent(text));
  });
});
