import { setImmediate as nextTurn } from 'node:timers/promises';
import { modelExamples } from '../../../core/assistant/corpus';
import type { Match } from '../../../core/assistant/matcher';
import { decide, training, type Model } from '../../../core/assistant/model';
import { DomainError } from '../../../core/errors';

/**
 * Which topic an assistant message is about, decided by the learned model (decision 064). The
 * model is trained from the corpus files once per process, the first time it is needed or when
 * the server starts (`warm`), 100 messages per turn of the event loop so that requests are still
 * served meanwhile; a message asked during training waits for it. A training that fails (its
 * corpus files missing) is logged and tried again on the next message, which meanwhile gets a 503
 * (the browser's lexicon answers instead).
 */
export function createIntentService(log: { warn(obj: unknown, msg: string): void }) {
  let model: Promise<Model> | undefined;
  const ready = () =>
    (model ??= (async () => {
      const steps = training(modelExamples());
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
        await nextTurn();
      }
    })().catch((err: unknown) => {
      model = undefined;
      log.warn({ err }, 'the assistant model could not be trained');
      throw new DomainError('service_unavailable');
    }));
  return {
    warm(): void {
      ready().catch(() => {});
    },
    async classify(text: string): Promise<Match> {
      return decide(await ready(), text);
    },
  };
}

export type IntentService = ReturnType<typeof createIntentService>;
