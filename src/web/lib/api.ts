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

/** The one client for our API: same-origin cookies, JSON in and out, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
    throw new ApiError(response.status, error?.code ?? 'internal_error', error?.params ?? {});
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
