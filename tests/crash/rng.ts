/** A seeded generator (mulberry32): a failing run can be replayed with the seed it printed. */
export class Rng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by weight; entries with weight 0 are never chosen. */
  weighted<T>(entries: ReadonlyArray<readonly [number, T]>): T | undefined {
    const total = entries.reduce((s, [w]) => s + w, 0);
    if (total <= 0) return undefined;
    let x = this.next() * total;
    for (const [w, v] of entries) {
      if ((x -= w) < 0) return v;
    }
    return entries.at(-1)![1];
  }

  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
}
