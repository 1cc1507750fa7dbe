import { afterEach, describe, expect, it, vi } from 'vitest';
import { atEachMonthTurn } from './month-turn';

describe('atEachMonthTurn', () => {
  afterEach(() => vi.useRealTimers());

  it('fires a second after each UTC month turn, once per turn, however far the turn is', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-03T10:00:00.000Z'));
    const clock = { now: () => new Date(Date.now()) };
    const turns: string[] = [];
    const stop = atEachMonthTurn(clock, () => turns.push(new Date(Date.now()).toISOString()));
    vi.advanceTimersByTime(Date.parse('2026-02-01T00:00:00.500Z') - Date.now());
    expect(turns).toEqual([]);
    vi.advanceTimersByTime(1_000);
    expect(turns).toEqual(['2026-02-01T00:00:01.000Z']);
    // March has 31 days, longer than one setTimeout wait: its turn is reached in two steps.
    vi.advanceTimersByTime(Date.parse('2026-04-01T00:00:02.000Z') - Date.now());
    expect(turns).toEqual(['2026-02-01T00:00:01.000Z', '2026-03-01T00:00:01.000Z', '2026-04-01T00:00:01.000Z']);
    stop();
    vi.advanceTimersByTime(40 * 86_400_000);
    expect(turns).toHaveLength(3);
  });
});
