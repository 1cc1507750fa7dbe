import type { ErrorCode, ErrorParams } from '../../core/errors';

/** An API answer outside 2xx, carrying the server's stable code for translation. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

let sessionLost: () => void = () => {};

/**
 * What to do when the server no longer knows the session (expired, revoked, signed out elsewhere):
 * the app forgets the person, and its guards send them to the sign-in page and back afterwards.
 */
export function onSessionLost(handler: () => void): void {
  sessionLost = handler;
}

/**
 * The database said "not now" (decision 026): nothing was done, or the idempotency key will tell.
 * A read, or a write that carries its key, is sent again after the server's Retry-After.
 */
const retryableCodes = new Set(['database_busy', 'database_unavailable']);
const MAX_RETRIES = 4;

/** How many requests are being tried again right now; the layout shows a calm notice meanwhile. */
let retrying = 0;
const retryListeners = new Set<() => void>();
const setRetrying = (delta: number) => {
  retrying += delta;
  for (const listener of retryListeners) listener();
};
export const retryState = {
  subscribe(listener: () => void) {
    retryListeners.add(listener);
    return () => void retryListeners.delete(listener);
  },
  get: () => retrying > 0,
};

/** The pause before a retry: the server's Retry-After (seconds, at most 5), a little more each time. */
export function retryDelayMs(retryAfter: string | null, attempt: number): number {
  const seconds = Number(retryAfter);
  const base = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000;
  return base + attempt * 250;
}

/**
 * The one client for our API: same-origin cookies, JSON in and out, errors as ApiError. A
 * retryable database answer (503 database_busy / database_unavailable) is retried a few times
 * with the same idempotency key when the request is a read or carries one.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body !== undefined ? 'POST' : 'GET');
  const mayRetry = method === 'GET' || Boolean(options.idempotencyKey);
  for (let attempt = 0; ; attempt++) {
    try {
      return await send<T>(path, options);
    } catch (err) {
      if (!(err instanceof RetryableAnswer)) throw err;
      if (!mayRetry || attempt >= MAX_RETRIES) throw err.error;
      setRetrying(1);
      try {
        await pause(retryDelayMs(err.retryAfter, attempt), options.signal);
      } finally {
        setRetrying(-1);
      }
    }
  }
}

class RetryableAnswer extends Error {
  constructor(
    readonly error: ApiError,
    readonly retryAfter: string | null,
  ) {
    super(error.code);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}

async function send<T>(path: string, options: RequestOptions): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error');
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (data as { error?: { code?: ErrorCode; params?: ErrorParams } } | undefined)?.error;
    if (response.status === 401 && error?.code === 'unauthorized') sessionLost();
    const failure = new ApiError(response.status, error?.code ?? 'internal_error', error?.params ?? {});
    if (response.status === 503 && retryableCodes.has(failure.code)) {
      throw new RetryableAnswer(failure, response.headers.get('retry-after'));
    }
    throw failure;
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A fresh key per user intent: a retry of the same submit reuses it, so money moves once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
