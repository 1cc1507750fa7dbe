import { setImmediate as nextTurn } from 'node:timers/promises';
import { modelExamples } from '../../../core/assistant/corpus';
import type { Match } from '../../../core/assistant/matcher';
import { decide, training, type Model } from '../../../core/assistant/model';

/**
 * Which topic an assistant message is about, decided by the learned model (decision 064). The
 * model is trained from the corpus files once per process, the first time it is needed or when
 * the server starts (`warm`), a few hundred messages per turn of the event loop so that requests
 * are still served meanwhile; a message asked during training waits for it.
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
    })());
  return {
    warm(): void {
      // A model that cannot be trained (its corpus files missing) is said once; until then every
      // message gets a 500 and the browser's lexicon answers instead.
      ready().catch((err: unknown) => log.warn({ err }, 'the assistant model could not be trained'));
    },
    async classify(text: string): Promise<Match> {
      return decide(await ready(), text);
    },
  };
}

export type IntentService = ReturnType<typeof createIntentService>;
