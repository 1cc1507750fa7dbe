import type { Area } from '../../core/areas';

/** Spec §2: crypto gold, stocks blue, real estate green, trading red (the home chart uses them too). */
export const areaColors: Record<Area, string> = {
  crypto: '#d49b00',
  stocks: '#2a6fdb',
  real_estate: '#0f9d6b',
  trading: '#dc2f4b',
};

/** Legend and table order. */
export const areaOrder: readonly Area[] = ['crypto', 'stocks', 'real_estate', 'trading'];
