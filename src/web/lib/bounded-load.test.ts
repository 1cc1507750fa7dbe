import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundedLoad, LoadTimeout } from './bounded-load';

describe('a memoised load (decision 048)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shares one pending load and keeps the one that succeeded', async () => {
    const load = vi.fn(() => Promise.resolve('screen'));
    const get = boundedLoad(load, 1000);
    const [a, b] = [get(), get()];
    expect(a).toBe(b);
    await expect(a).resolves.toBe('screen');
    await expect(get()).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load: the next call loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce('screen');
    const get = boundedLoad(load, 1000);
    await expect(get()).rejects.toThrow('chunk failed');
    await expect(get()).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up on a load that never settles after its bound, and the next call really loads again', async () => {
    let answer: (value: string) => void = () => {};
    const load = vi
      .fn<() => Promise<string>>()
      .mockReturnValueOnce(new Promise<string>(() => {}))
      .mockReturnValueOnce(new Promise<string>((resolve) => (answer = resolve)));
    const get = boundedLoad(load, 1000);
    const first = get();
    const outcome = first.then(
      () => 'resolved',
      (err: unknown) => err,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(get()).toBe(first); // still within its bound: shared
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(LoadTimeout);
    const retry = get();
    expect(retry).not.toBe(first);
    await vi.advanceTimersByTimeAsync(0); // the load starts in a microtask
    expect(load).toHaveBeenCalledTimes(2);
    answer('screen');
    await expect(retry).resolves.toBe('screen');
  });

  it('treats a load that throws at once like one that failed', async () => {
    const load = vi.fn<() => Promise<string>>(() => {
      throw new Error('no such module');
    });
    const get = boundedLoad(load, 1000);
    await expect(get()).rejects.toThrow('no such module');
    await expect(get()).rejects.toThrow('no such module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
