/**
 * Calls gathered per turn of the event loop (decision 023): the calls made in one turn are handed
 * to `run` together, and each caller gets the answer at its place in the group; if `run` fails, each
 * caller gets that error. Nothing is kept once a group is answered.
 *
 * `oneAtATime`: while a group runs, the next one forms (as a commit group does) and goes when it
 * ends. `max`: the most calls one group takes; the rest go in the next group.
 */
export function perTurn<In, Out>(
  run: (inputs: In[]) => Promise<Array<PromiseSettledResult<Out>>>,
  opts: { oneAtATime?: boolean; max?: number } = {},
): (input: In) => Promise<Out> {
  type Call = { input: In; resolve: (out: Out) => void; reject: (err: unknown) => void };
  const pending: Call[] = [];
  let running = false;

  // Never rejects: every caller of the group is answered.
  async function answer(group: Call[]) {
    try {
      const results = await run(group.map((c) => c.input));
      group.forEach((c, i) => {
        const r = results[i];
        if (!r) c.reject(new Error(`the group's answer has no place ${i}`));
        else if (r.status === 'fulfilled') c.resolve(r.value);
        else c.reject(r.reason);
      });
    } catch (err) {
      for (const c of group) c.reject(err);
    }
  }

  function flush() {
    while (!running && pending.length > 0) {
      const group = pending.splice(0, opts.max ?? pending.length);
      if (!opts.oneAtATime) {
        void answer(group);
        continue;
      }
      running = true;
      void answer(group).finally(() => {
        running = false;
        flush();
      });
    }
  }

  return (input) =>
    new Promise<Out>((resolve, reject) => {
      if (pending.length === 0 && !running) setImmediate(flush);
      pending.push({ input, resolve, reject });
    });
}

export const fulfilled = <T>(value: T): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value });
export const rejected = (reason: unknown): PromiseRejectedResult => ({ status: 'rejected', reason });
