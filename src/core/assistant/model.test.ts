import { describe, expect, it } from 'vitest';
import { crossValidationFolds, languages } from './corpus';
import { matchIntent, type Match } from './matcher';
import { measure } from './measure';
import { combine, MODEL_THRESHOLD, rank, train, type Label } from './model';
import { isOutOfScope } from './out-of-scope';

/** The experiment of corpus/README.md (not shipped): the model and its combinations with the lexicon. */
describe('the learned model beside the lexicon (experiment)', () => {
  const sure: [Label, number][] = [['withdraw', 0.97]];
  const clarify: Match = { kind: 'clarify', choices: ['deposit', 'withdraw'] };

  it('decides among what the lexicon names, never answering a message without a cue (gated)', () => {
    expect(combine(clarify, false, sure, 0.9, 'gated')).toEqual({ kind: 'answer', intent: 'withdraw', score: 0.97 });
    expect(combine({ kind: 'answer', intent: 'deposit', score: 3 }, false, sure, 0.9, 'gated')).toMatchObject({
      intent: 'withdraw',
    });
    expect(combine({ kind: 'none' }, false, sure, 0.9, 'gated')).toEqual({ kind: 'none' });
    expect(combine(clarify, true, sure, 0.9, 'gated')).toEqual({ kind: 'none' });
    expect(combine(clarify, false, [['withdraw', 0.6]], 0.9, 'gated')).toEqual(clarify);
    expect(combine(clarify, false, [['oos', 0.95]], 0.9, 'gated')).toEqual({ kind: 'none' });
  });

  it('keeps a confident lexicon answer in the lexicon-first combinations', () => {
    const answer: Match = { kind: 'answer', intent: 'deposit', score: 3 };
    for (const how of ['lexicon', 'lexicon-gated', 'agree'] as const)
      expect(combine(answer, false, sure, 0.9, how)).toEqual(answer);
    expect(combine({ kind: 'none' }, false, sure, 0.9, 'lexicon')).toMatchObject({ intent: 'withdraw' });
    expect(combine({ kind: 'clarify', choices: ['deposit'] }, false, sure, 0.9, 'agree')).toEqual({
      kind: 'clarify',
      choices: ['deposit'],
    });
  });

  // Its cross-validation figure (README): trained on the corpus and blind-2, blind-1 is unseen.
  it('reaches its cross-validation figure on blind set 1, alone after the out-of-scope rules', () => {
    const fold = crossValidationFolds().find((f) => f.name === 'blind-1')!;
    const model = train(fold.train);
    const right = { fr: 149, en: 144, es: 154 };
    for (const lang of languages) {
      const r = measure(fold.test[lang], (text) =>
        combine({ kind: 'none' }, isOutOfScope(text), rank(model, text), MODEL_THRESHOLD, 'model'),
      );
      expect(Math.round(r.top1 * r.inScope), lang).toBe(right[lang]);
      expect(r.falseAnswers.length, lang).toBeLessThanOrEqual(1);
    }
    expect(rank(model, 'comment retirer mes gains')[0]![0]).toBe('withdraw');
    expect(matchIntent('comment retirer mes gains')).toMatchObject({ intent: 'withdraw' });
  });
});
