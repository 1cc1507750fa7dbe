import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, retryDelayMs, retryState } from './api';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const busy = () => answer(503, { error: { code: 'database_busy', params: {} } }, { 'retry-after': '1' });

describe('the API client and a database that says "not now" (decision 026)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends a write again with the same idempotency key after Retry-After, and says so meanwhile', async () => {
    vi.useFakeTimers();
    const keys: Array<string | null> = [];
    const fetch = vi.fn(async (_path: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('idempotency-key'));
      return keys.length < 3 ? busy() : answer(201, { id: 't1' });
    });
    vi.stubGlobal('fetch', fetch);
    const states: boolean[] = [];
    const stop = retryState.subscribe(() => states.push(retryState.get()));
    const sent = api<Record<string, string>>('/api/transfers', { body: { amount: '1.00' }, idempotencyKey: 'k-1' });
    await vi.runAllTimersAsync();
    expect(await sent).toEqual({ id: 't1' });
    stop();
    expect(keys).toEqual(['k-1', 'k-1', 'k-1']);
    expect(states).toEqual([true, false, true, false]);
  });

  it('never resends a write without a key, nor any other refusal', async () => {
    const fetch = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetch);
    await expect(api('/api/transfers', { body: { amount: '1.00' } })).rejects.toMatchObject({
      status: 503,
      code: 'database_busy',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(500, { error: { code: 'internal_error', params: {} } })),
    );
    await expect(api('/api/me')).rejects.toBeInstanceOf(ApiError);
  });

  it('gives up after a few retries and shows the code', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetch);
    const read = api('/api/me').catch((err: unknown) => err);
    await vi.runAllTimersAsync();
    expect(await read).toMatchObject({ status: 503, code: 'database_busy' });
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('waits what the server asks, at most 5 s', () => {
    expect(retryDelayMs('1', 0)).toBe(1000);
    expect(retryDelayMs('60', 0)).toBe(5000);
    expect(retryDelayMs(null, 2)).toBe(1500);
  });
});
