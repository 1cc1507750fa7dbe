import { fromDecimalString } from '../../../core/money';
import { monthName } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { areaColors } from '../../lib/area-colors';
import type { HistoryMonth } from '../../../contracts/portfolio';

export const categories = ['crypto', 'stocks', 'realEstate', 'trading'] as const;
export type Category = (typeof categories)[number];

/** The portfolio's colours of spec §2, by this chart's keys. */
export const categoryColors: Record<Category, string> = {
  crypto: areaColors.crypto,
  stocks: areaColors.stocks,
  realEstate: areaColors.real_estate,
  trading: areaColors.trading,
};

export interface Series {
  /** Month labels in the current language. */
  labels: string[];
  /** Values in cents per category, aligned with labels. */
  values: Record<Category, number[]>;
  sample: boolean;
}

/** Spec §2: visitors see fixed simulated values for six months, January to June (cents). */
const sampleCents: Record<Category, number[]> = {
  crypto: [100_000, 118_000, 109_000, 135_000, 152_000, 171_000],
  stocks: [200_000, 206_000, 214_000, 211_000, 223_000, 231_000],
  realEstate: [150_000, 153_000, 157_000, 160_000, 164_000, 168_000],
  trading: [50_000, 61_000, 57_000, 72_000, 80_000, 93_000],
};

export function sampleSeries(lng: Language): Series {
  return { labels: [0, 1, 2, 3, 4, 5].map((m) => monthName(m, lng)), values: sampleCents, sample: true };
}

/** The person's own months ("YYYY-MM" with decimal strings); null when unusable, so the caller shows the sample. */
export function historySeries(months: HistoryMonth[] | undefined, lng: Language): Series | null {
  if (!months || months.length === 0) return null;
  try {
    const values: Record<Category, number[]> = { crypto: [], stocks: [], realEstate: [], trading: [] };
    const labels = months.map((m) => {
      const month = Number(m.month.slice(5, 7));
      if (!/^\d{4}-\d{2}$/.test(m.month) || month < 1 || month > 12) throw new Error('bad month');
      for (const c of categories) values[c].push(fromDecimalString(m[c]));
      return monthName(month - 1, lng);
    });
    return { labels, values, sample: false };
  } catch {
    return null;
  }
}
