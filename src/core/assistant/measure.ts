import type { Example } from './corpus';
import { matchIntent, type Match } from './matcher';

/**
 * The figures of one set of held-out messages. `top1` counts only a confident answer with the
 * right intent: a clarifying question is not a right answer, even when its first choice is the
 * right one (that looser count, the one the corpus thresholds were set with, is `firstChoice`).
 * `match` is the lexicon's matcher unless another is passed (the server's model: model.test.ts).
 * `oosAnswered` is the share of out-of-scope messages that get a confident answer; a clarifying
 * question or "I did not understand" is the right outcome for them.
 */
export type Figures = {
  inScope: number;
  top1: number;
  firstChoice: number;
  clarified: number;
  notUnderstood: number;
  wrongAnswers: number;
  outOfScope: number;
  oosAnswered: number;
  misses: string[];
  falseAnswers: string[];
};

export function measure(examples: Example[], match: (text: string) => Match = matchIntent): Figures {
  const inScope = examples.filter((e) => e.label !== 'oos' && e.heldOut);
  const outOfScope = examples.filter((e) => e.label === 'oos');
  let right = 0;
  let firstChoice = 0;
  let clarified = 0;
  let notUnderstood = 0;
  let wrong = 0;
  const misses: string[] = [];
  for (const e of inScope) {
    const m = match(e.text);
    if (m.kind === 'answer' && m.intent === e.label) {
      right++;
      firstChoice++;
      continue;
    }
    if (m.kind === 'clarify') {
      clarified++;
      if (m.choices[0] === e.label) firstChoice++;
    } else if (m.kind === 'none') notUnderstood++;
    else wrong++;
    const got =
      m.kind === 'answer' ? m.intent : m.kind === 'clarify' ? `asks ${m.choices.join('/')}` : 'not understood';
    misses.push(`${e.label} → ${got}: ${e.text}`);
  }
  const falseAnswers = outOfScope.flatMap((e) => {
    const m = match(e.text);
    return m.kind === 'answer' ? [`${m.intent}: ${e.text}`] : [];
  });
  const share = (n: number, of: number) => (of ? n / of : 0);
  return {
    inScope: inScope.length,
    top1: share(right, inScope.length),
    firstChoice: share(firstChoice, inScope.length),
    clarified: share(clarified, inScope.length),
    notUnderstood: share(notUnderstood, inScope.length),
    wrongAnswers: share(wrong, inScope.length),
    outOfScope: outOfScope.length,
    oosAnswered: share(falseAnswers.length, outOfScope.length),
    misses,
    falseAnswers,
  };
}

export const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/** One line of figures, as the script and the tests print them. */
export function summary(name: string, f: Figures): string {
  return (
    `${name}: ${f.inScope} in scope · top-1 ${pct(f.top1)} · asks ${pct(f.clarified)} ` +
    `(first choice right: top-1 ${pct(f.firstChoice)} counted as matcher.test.ts did) · ` +
    `not understood ${pct(f.notUnderstood)} · wrong answer ${pct(f.wrongAnswers)} · ` +
    `out of scope ${f.outOfScope}, answered ${f.falseAnswers.length} (${pct(f.oosAnswered)})`
  );
}

/** The line of figures with every message missed and every out-of-scope message answered, as the tests print them. */
export function report(name: string, f: Figures): string {
  return (
    summary(name, f) +
    (f.misses.length ? `\n  missed: ${f.misses.join(' | ')}` : '') +
    (f.falseAnswers.length ? `\n  out of scope answered: ${f.falseAnswers.join(' | ')}` : '')
  );
}
