import { describe, expect, it, vi } from 'vitest';
import { DomainError } from '../../../core/errors';
import { createIntentService } from './intent.service';

// The corpus files, stood in for: missing at first, then a few messages.
const corpus = vi.hoisted(() => ({ missing: true }));
vi.mock('../../../core/assistant/corpus', () => ({
  modelExamples: () => {
    if (corpus.missing) throw new Error('ENOENT: corpus/fr.tsv');
    return [
      { label: 'deposit', text: 'comment déposer' },
      { label: 'deposit', text: 'faire un dépôt' },
      { label: 'withdraw', text: 'comment retirer' },
      { label: 'withdraw', text: 'faire un retrait' },
    ];
  },
}));

describe('the intent service', () => {
  it('logs a training that fails, answers 503 meanwhile, and trains again on the next message', async () => {
    const warn = vi.fn();
    const intent = createIntentService({ warn });
    intent.warm();
    const refused = await intent.classify('comment déposer').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('service_unavailable');
    expect(warn).toHaveBeenCalledTimes(1);

    corpus.missing = false;
    expect(await intent.classify('faire un dépôt')).toMatchObject({ kind: 'answer', intent: 'deposit' });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
