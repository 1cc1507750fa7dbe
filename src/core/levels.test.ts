import { describe, expect, it } from 'vitest';
import { LEVELS, levelFor } from './levels';

describe('levelFor', () => {
  it.each([
    [0, 'beginner'],
    [549_99, 'beginner'],
    [550_00, 'intermediate'],
    [3499_99, 'intermediate'],
    [3500_00, 'pro'],
    [10_999_99, 'pro'],
    [11_000_00, 'advanced'],
    [54_999_99, 'advanced'],
    [55_000_00, 'master'],
    [10_000_000_00, 'master'],
  ] as const)('%i cents is %s', (cents, level) => {
    expect(levelFor(cents)).toBe(level);
  });

  it('shows the spec ranges in order', () => {
    expect(LEVELS.map((l) => [l.display.from, l.display.to])).toEqual([
      [100, 500],
      [550, 3000],
      [3500, 10_000],
      [11_000, 50_000],
      [55_000, null],
    ]);
  });
});
