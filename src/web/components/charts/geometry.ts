/** Pure geometry of our SVG charts: axis ticks, curves and pie slices (no DOM). */

export interface Point {
  x: number;
  y: number;
}

/** 1, 2, 2.5 or 5 times a power of ten, the smallest at least `rough` (steps people read easily). */
function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Axis values covering [min, max] in whole cents, at most `count` intervals, on round steps; the
 * first tick is at or below min and the last at or above max.
 */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [0, 100];
  if (max < min) [min, max] = [max, min];
  // A flat line gets a band around it (or above zero), not a zero-height axis.
  if (max === min) {
    const pad = Math.max(100, niceStep(Math.abs(max) / 10 || 1));
    max += pad;
    min = min === 0 ? 0 : min - pad;
  }
  const step = Math.max(1, Math.round(niceStep((max - min) / count)));
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let v = first; v < max + step; v += step) {
    ticks.push(v);
    if (v >= max) break;
  }
  return ticks;
}

/**
 * A smooth SVG path through the points that never overshoots (Fritsch–Carlson monotone cubic
 * interpolation): between two months the line stays between their two values.
 */
export function monotonePath(points: Point[]): string {
  const n = points.length;
  if (n === 0) return '';
  const f = (v: number) => Math.round(v * 100) / 100;
  let path = `M${f(points[0]!.x)},${f(points[0]!.y)}`;
  if (n === 1) return path;
  const secants: number[] = [];
  for (let i = 0; i < n - 1; i++) secants.push((points[i + 1]!.y - points[i]!.y) / (points[i + 1]!.x - points[i]!.x));
  const tangents = points.map((_, i) => {
    if (i === 0) return secants[0]!;
    if (i === n - 1) return secants[n - 2]!;
    const [a, b] = [secants[i - 1]!, secants[i]!];
    return a * b <= 0 ? 0 : (a + b) / 2;
  });
  for (let i = 0; i < n - 1; i++) {
    const s = secants[i]!;
    if (s === 0) {
      tangents[i] = 0;
      tangents[i + 1] = 0;
      continue;
    }
    const a = tangents[i]! / s;
    const b = tangents[i + 1]! / s;
    const h = a * a + b * b;
    if (h > 9) {
      const tau = 3 / Math.sqrt(h);
      tangents[i] = tau * a * s;
      tangents[i + 1] = tau * b * s;
    }
  }
  for (let i = 0; i < n - 1; i++) {
    const p = points[i]!;
    const q = points[i + 1]!;
    const third = (q.x - p.x) / 3;
    path += `C${f(p.x + third)},${f(p.y + tangents[i]! * third)} ${f(q.x - third)},${f(q.y - tangents[i + 1]! * third)} ${f(q.x)},${f(q.y)}`;
  }
  return path;
}

/** Straight segments through the points. */
export function linePath(points: Point[]): string {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${Math.round(p.x * 100) / 100},${Math.round(p.y * 100) / 100}`)
    .join('');
}

/**
 * A pie slice from `start` to `end` (fractions of a turn, 0 at the top, clockwise). A whole turn
 * is two half arcs: one SVG arc cannot start and end at the same point.
 */
export function slicePath(cx: number, cy: number, r: number, start: number, end: number): string {
  const at = (turn: number) => {
    const angle = turn * 2 * Math.PI - Math.PI / 2;
    return `${Math.round((cx + r * Math.cos(angle)) * 100) / 100},${Math.round((cy + r * Math.sin(angle)) * 100) / 100}`;
  };
  if (end - start >= 1 - 1e-9) return `M${at(0)}A${r},${r} 0 1 1 ${at(0.5)}A${r},${r} 0 1 1 ${at(0)}Z`;
  const large = end - start > 0.5 ? 1 : 0;
  return `M${cx},${cy}L${at(start)}A${r},${r} 0 ${large} 1 ${at(end)}Z`;
}

/** How many points apart two x labels must be so that none overlaps (see labelledPoints). */
export function labelStride(count: number, labelWidth: number, space: number): number {
  if (count <= 1 || space <= 0) return 1;
  return Math.max(1, Math.ceil((count * labelWidth) / space));
}

/**
 * Which points get an x label, `stride` points apart at least: always the last (the newest
 * value is the one people look for) and the first (where the chart starts), the rest counted
 * back from the last.
 */
export function labelledPoints(count: number, stride: number): Set<number> {
  const labelled = new Set<number>(count > 0 ? [0] : []);
  for (let i = count - 1; i >= stride; i -= stride) labelled.add(i);
  return labelled;
}
