import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './ids';

describe('timeOrderedId (UUIDv7)', () => {
  it('is a version 7, variant 10 UUID carrying the time in its first 48 bits', () => {
    const at = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    const id = timeOrderedId(at + 10_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000);
  });

  it('sorts in the order ids were made, within one millisecond and across them', () => {
    const base = Date.now() + 20_000;
    const ids: string[] = [];
    for (let i = 0; i < 5_000; i++) ids.push(timeOrderedId(base + Math.floor(i / 1000)));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps sorting when more ids are made in one millisecond than its counter holds (4,096)', () => {
    const at = Date.now() + 40_000;
    const ids = Array.from({ length: 10_000 }, () => timeOrderedId(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps sorting after the last id when the clock steps back', () => {
    const later = timeOrderedId(Date.now() + 60_000);
    const after = timeOrderedId(Date.now());
    expect(after > later).toBe(true);
  });

  it('has random bits beyond the time: two ids of one millisecond differ in more than the counter', () => {
    const at = Date.now() + 120_000;
    const a = timeOrderedId(at).replace(/-/g, '').slice(16);
    const b = timeOrderedId(at).replace(/-/g, '').slice(16);
    expect(a).not.toBe(b);
  });
});
