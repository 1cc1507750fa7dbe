import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelledPoints, labelStride, monotonePath, niceTicks, slicePath } from './geometry';

describe('niceTicks', () => {
  it('covers the values on round steps', () => {
    expect(niceTicks(0, 93_000)).toEqual([0, 20_000, 40_000, 60_000, 80_000, 100_000]);
    expect(niceTicks(50_000, 231_000)).toEqual([50_000, 100_000, 150_000, 200_000, 250_000]);
    expect(niceTicks(6_012_345, 6_398_700)).toEqual([6_000_000, 6_100_000, 6_200_000, 6_300_000, 6_400_000]);
  });

  it('gives a flat line a band instead of a zero-height axis', () => {
    expect(niceTicks(0, 0)).toEqual([0, 20, 40, 60, 80, 100]);
    const around = niceTicks(25_000, 25_000);
    expect(around[0]).toBeLessThan(25_000);
    expect(around.at(-1)).toBeGreaterThan(25_000);
  });

  it('always brackets [min, max] with at most a handful of whole-cent ticks', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: 0, max: 1e10 }), (min, span) => {
        const ticks = niceTicks(min, min + span);
        expect(ticks[0]).toBeLessThanOrEqual(min);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(min + span);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(8);
        for (const t of ticks) expect(Number.isInteger(t)).toBe(true);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(ticks[1]! - ticks[0]!);
      }),
    );
  });
});

describe('monotonePath', () => {
  const controls = (path: string) =>
    [...path.matchAll(/C([-\d.]+),([-\d.]+) ([-\d.]+),([-\d.]+) ([-\d.]+),([-\d.]+)/g)].map((m) =>
      m.slice(1).map(Number),
    );

  it('never overshoots: every curve stays between its two values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 2, maxLength: 12 }), (ys) => {
        const points = ys.map((y, i) => ({ x: i * 40, y }));
        const curves = controls(monotonePath(points));
        expect(curves).toHaveLength(points.length - 1);
        curves.forEach(([, y1, , y2], i) => {
          const [lo, hi] = [Math.min(ys[i]!, ys[i + 1]!), Math.max(ys[i]!, ys[i + 1]!)];
          // The control points lie within the segment's range, so the whole Bezier does (convex hull).
          for (const y of [y1!, y2!]) {
            expect(y).toBeGreaterThanOrEqual(lo - 0.01);
            expect(y).toBeLessThanOrEqual(hi + 0.01);
          }
        });
      }),
    );
  });

  it('draws a single point as a move and nothing as nothing', () => {
    expect(monotonePath([])).toBe('');
    expect(monotonePath([{ x: 5, y: 7 }])).toBe('M5,7');
  });
});

describe('slicePath', () => {
  it('starts at the top and turns clockwise', () => {
    expect(slicePath(50, 50, 40, 0, 0.25)).toBe('M50,50L50,10A40,40 0 0 1 90,50Z');
    expect(slicePath(50, 50, 40, 0, 0.75)).toContain(' 0 1 1 10,50Z');
  });

  it('draws a whole turn as two half arcs', () => {
    expect(slicePath(50, 50, 40, 0, 1)).toBe('M50,10A40,40 0 1 1 50,90A40,40 0 1 1 50,10Z');
  });
});

it('labelStride skips labels only when they would overlap', () => {
  expect(labelStride(6, 40, 600)).toBe(1);
  expect(labelStride(12, 50, 300)).toBe(2);
  expect(labelStride(30, 50, 300)).toBe(5);
});

describe('labelledPoints', () => {
  it('labels the first and the newest point, the rest counted back from the newest', () => {
    expect([...labelledPoints(12, 3)].sort((a, b) => a - b)).toEqual([0, 5, 8, 11]);
    expect([...labelledPoints(12, 1)]).toHaveLength(12);
    expect([...labelledPoints(0, 2)]).toEqual([]);
  });

  it('never puts two labels closer than the stride, and labels both ends when they are that far apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 60 }), (count, stride) => {
        const points = [...labelledPoints(count, stride)].sort((a, b) => a - b);
        for (let k = 1; k < points.length; k++) expect(points[k]! - points[k - 1]!).toBeGreaterThanOrEqual(stride);
        expect(points[0]).toBe(0);
        if (count - 1 >= stride) expect(points.at(-1)).toBe(count - 1);
        // As many labels as fit: no gap of twice the stride or more.
        for (let k = 1; k < points.length; k++) expect(points[k]! - points[k - 1]!).toBeLessThan(2 * stride);
      }),
    );
  });
});
