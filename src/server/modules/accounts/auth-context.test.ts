import { describe, expect, it } from 'vitest';
import { CallScopedStorage, hooksOff } from './auth-context';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('call-scoped context storages', () => {
  it('keep the store across awaits inside a call, and switch off when it ends', async () => {
    const storage = new CallScopedStorage<string>();
    const seen = await storage.run('call-1', async () => {
      await tick();
      return storage.getStore();
    });
    expect(seen).toBe('call-1');
    expect(CallScopedStorage.callsRunning).toBe(0);
    expect(hooksOff(storage)).toBe(true);
    expect(storage.getStore()).toBeUndefined();
  });

  it('stay on while any call runs: one ending does not take the store from another, nested calls included', async () => {
    const outer = new CallScopedStorage<string>();
    const inner = new CallScopedStorage<string>();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const long = outer.run('long', async () => {
      await held;
      await tick();
      return [outer.getStore(), await inner.run('nested', async () => (await tick(), inner.getStore()))];
    });
    expect(await outer.run('short', async () => (await tick(), outer.getStore()))).toBe('short');
    expect(CallScopedStorage.callsRunning).toBe(1);
    release();
    expect(await long).toEqual(['long', 'nested']);
    expect(CallScopedStorage.callsRunning).toBe(0);
    expect([hooksOff(outer), hooksOff(inner)]).toEqual([true, true]);
  });

  it('end a call that throws or rejects like one that returns', async () => {
    const storage = new CallScopedStorage<string>();
    expect(() =>
      storage.run('sync', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    await expect(storage.run('async', async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(storage.run('plain', () => storage.getStore())).toBe('plain');
    expect(CallScopedStorage.callsRunning).toBe(0);
    expect(hooksOff(storage)).toBe(true);
  });
});
