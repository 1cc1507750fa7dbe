/** Investor levels by total invested, stopped investments included (spec §4, §9). */
export type Level = 'beginner' | 'intermediate' | 'pro' | 'advanced' | 'master';

export interface LevelRange {
  level: Level;
  /** Threshold in cents from which the level applies. */
  fromCents: number;
  /** The range the spec displays, in whole dollars; `to` is null for the open top level. */
  display: { from: number; to: number | null };
}

export const LEVELS: readonly LevelRange[] = [
  { level: 'beginner', fromCents: 0, display: { from: 100, to: 500 } },
  { level: 'intermediate', fromCents: 550_00, display: { from: 550, to: 3000 } },
  { level: 'pro', fromCents: 3500_00, display: { from: 3500, to: 10_000 } },
  { level: 'advanced', fromCents: 11_000_00, display: { from: 11_000, to: 50_000 } },
  { level: 'master', fromCents: 55_000_00, display: { from: 55_000, to: null } },
];

export function levelFor(totalInvestedCents: number): Level {
  let current: Level = 'beginner';
  for (const range of LEVELS) if (totalInvestedCents >= range.fromCents) current = range.level;
  return current;
}
