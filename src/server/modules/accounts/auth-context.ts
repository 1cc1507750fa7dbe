import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps the context of a call (its endpoint, adapter and request state) in
 * AsyncLocalStorage. On Node 20 the first `run` of any storage turns async hooks on for the whole
 * process, and they stay on: every later request, a transfer or /healthz, pays for them (a tenth of
 * /healthz after one sign-in, issue 19), though only better-auth's own calls (sign-up, sign-in,
 * password and two-factor changes) read that context. These storages turn them off again whenever
 * no better-auth call is running. Nothing of ours runs detached inside one (better-auth awaits its
 * e-mail hooks when no background-task handler is configured), so no reader outlives its call.
 */
export class CallScopedStorage<T> extends AsyncLocalStorage<T> {
  private static running = 0;
  private static readonly all: Array<CallScopedStorage<unknown>> = [];

  constructor() {
    super();
    CallScopedStorage.all.push(this as CallScopedStorage<unknown>);
  }

  /** better-auth calls running now, nested ones included. */
  static get callsRunning(): number {
    return CallScopedStorage.running;
  }

  private static settle(): void {
    if (--CallScopedStorage.running === 0) for (const storage of CallScopedStorage.all) storage.disable();
  }

  override run<R>(store: T, callback: (...args: never[]) => R, ...args: never[]): R {
    CallScopedStorage.running += 1;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (err) {
      CallScopedStorage.settle();
      throw err;
    }
    if (result instanceof Promise) return result.finally(() => CallScopedStorage.settle()) as R;
    CallScopedStorage.settle();
    return result;
  }
}

/** Where better-auth looks its storages up (@better-auth/core, context/global), creating them on first use. */
const betterAuthGlobal = Symbol.for('better-auth:global');
const storageNames = ['endpointContextAsyncStorage', 'requestStateAsyncStorage', 'adapterAsyncStorage'] as const;

/** better-auth's table of storages, made here when better-auth has not made it yet. */
function betterAuthContext(): Record<string, unknown> {
  const holder = globalThis as unknown as Record<symbol, { context?: Record<string, unknown> } | undefined>;
  const global = (holder[betterAuthGlobal] ??= { version: '', epoch: 1, context: {} } as never);
  return (global.context ??= {});
}

/** Gives better-auth call-scoped storages; called before it is first used. */
export function scopeAuthContexts(): void {
  const context = betterAuthContext();
  for (const name of storageNames)
    if (!(context[name] instanceof CallScopedStorage)) context[name] = new CallScopedStorage();
}

/**
 * Whether a storage leaves async hooks off (for tests). Node 22 runs AsyncLocalStorage on async hooks,
 * which a storage turns on while it is enabled; Node 24 runs it on async context frames, with no hooks
 * and no `enabled` flag at all (decision 043).
 */
export function hooksOff(storage: unknown): boolean {
  return (storage as { enabled?: boolean }).enabled !== true;
}

/** The storages better-auth uses now (for tests: they must be ours). */
export function authContextStorages(): unknown[] {
  const context = betterAuthContext();
  return storageNames.map((name) => context[name]);
}
