/**
 * How long a screen's code or texts may take to arrive before the person is told, in their
 * language, and offered to try again (decision 048). The largest screen with its texts is about
 * 52 KB compressed: some 2 s on a slow 3G link, under 5 s on a 2G one. What has not arrived after
 * 8 s is stalled (a request queued behind others, a connection that went silent), not slow.
 */
export const LOAD_BOUND_MS = 8000;

/** A load that did not settle within its bound. */
export class LoadTimeout extends Error {}

/**
 * `load`, called once and shared by every caller while it is pending or once it has succeeded,
 * but never kept when it fails or outlives `boundMs` (it then rejects with LoadTimeout): the next
 * call starts a new load. A memo that kept a rejected or forever-pending promise would keep the
 * screen on its spinner until the page is reloaded, and a retry would wait on the same promise.
 */
export function boundedLoad<T>(load: () => Promise<T>, boundMs = LOAD_BOUND_MS): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= Promise.race([
      Promise.resolve().then(load),
      new Promise<never>((_, reject) => setTimeout(() => reject(new LoadTimeout()), boundMs)),
    ]).catch((err: unknown) => {
      pending = undefined;
      throw err;
    }));
}
