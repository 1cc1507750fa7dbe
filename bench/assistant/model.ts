// The assistant's learned model on the server (decision 064): `npx tsx bench/assistant/model.ts`.
// Prints what its training costs a starting server (wall time, the longest the event loop was held
// between two of its steps, the heap it keeps) and what one message costs to decide, over every
// message of the corpus and its sets, through the service the route calls.
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { blindSets, heldOutSet, languages, modelExamples, readCorpus } from '../../src/core/assistant/corpus';
import { createIntentService } from '../../src/server/modules/assistant/intent.service';

const messages = [...modelExamples(), ...languages.flatMap((lang) => readCorpus(lang, heldOutSet))].map((e) => e.text);
global.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
const service = createIntentService(console);
const started = performance.now();
await service.classify('bonjour');
const trained = performance.now() - started;
loop.disable();
global.gc?.();
const heapAfter = process.memoryUsage().heapUsed;

const times: number[] = [];
for (const text of messages) {
  const t0 = performance.now();
  await service.classify(text);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(
  `assistant model: trained on ${modelExamples().length} messages (corpus, ${blindSets.join(', ')}, training sets)`,
);
console.log(`  training, in the background of a server: ${trained.toFixed(0)} ms wall`);
console.log(
  `  longest hold of the event loop meanwhile: ${(loop.max / 1e6).toFixed(1)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms)`,
);
console.log(
  `  heap kept by the model: ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MiB${global.gc ? '' : ' (run with --expose-gc for a steadier figure)'}`,
);
console.log(
  `  one message decided: median ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms, max ${at(1).toFixed(3)} ms over ${times.length}`,
);
console.log(
  `  load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
