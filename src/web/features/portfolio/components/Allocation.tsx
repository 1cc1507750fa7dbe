import { useTranslation } from 'react-i18next';
import { fromDecimalString } from '../../../../core/money';
import type { Portfolio } from '../../../../contracts/portfolio';
import { PieChart, type PieSlice } from '../../../components/charts/PieChart';
import { Card } from '../../../components/form';
import { money, percent } from '../../../lib/format';
import { areaColors, areaOrder } from '../../../lib/area-colors';

interface Slice extends PieSlice {
  share: string;
}

/** A grey ring with the spec's text: what the chart shows with no investment or when loading failed. */
export function EmptyPie({ label }: { label: string }) {
  return (
    <div className="flex h-full items-center justify-center" data-testid="allocation-empty">
      <div className="flex aspect-square h-full max-h-56 items-center justify-center rounded-full border-[1.75rem] border-slate-200">
        <p className="px-2 text-center text-sm font-semibold text-slate-600">{label}</p>
      </div>
    </div>
  );
}

export function Allocation({ portfolio, loading }: { portfolio: Portfolio | undefined; loading: boolean }) {
  const { t } = useTranslation(['portfolio', 'common']);
  const values = new Map((portfolio?.allocation ?? []).map((a) => [a.area, fromDecimalString(a.value)]));
  const total = [...values.values()].reduce((sum, v) => sum + v, 0);
  const slices: Slice[] = areaOrder
    .map((area) => ({ key: area, label: t(`areas.${area}`), color: areaColors[area], cents: values.get(area) ?? 0 }))
    .filter((s) => s.cents > 0)
    .map((s) => ({ ...s, share: percent((s.cents * 100) / total) }));
  const summary = t('allocation.summary', {
    parts: slices
      .map((s) => t('allocation.part', { area: s.label, percent: s.share, value: money(s.cents) }))
      .join(', '),
  });
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('allocation.title')}</h2>
      <div className="mt-4 h-56" data-testid="allocation-chart">
        {loading ? (
          <EmptyPie label={t('common:status.loading')} />
        ) : slices.length === 0 ? (
          <EmptyPie label={t('allocation.empty')} />
        ) : (
          <PieChart slices={slices} summary={summary} />
        )}
      </div>
      {/* Two rows of legend are always reserved, so the card below does not move when the figures arrive. */}
      <div className="mt-4 min-h-12">
        {slices.length > 0 && (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm" aria-label={t('allocation.title')}>
            {slices.map((s) => (
              <li key={s.key} className="flex items-center gap-2">
                <span
                  className="h-3 w-3 shrink-0 rounded-full"
                  style={{ backgroundColor: s.color }}
                  aria-hidden="true"
                />
                <span className="font-medium text-slate-800">{s.label}</span>
                <span className="ml-auto whitespace-nowrap tabular-nums text-slate-600">{s.share}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
