/**
 * Polls `check` until it returns a truthy value and returns that value; fails after `ms`, naming
 * `what` was awaited. The one way a test waits for something asynchronous: never a fixed sleep.
 */
export async function eventually<T>(
  what: string,
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  ms = 15_000,
  everyMs = 25,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
