import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../../../core/areas';
import { fromDecimalString } from '../../../../core/money';
import type { HistoryMonth } from '../../../../contracts/portfolio';
import { Card } from '../../../components/form';
import { useDeferredReveal } from '../../../lib/deferred';
import { money, monthName } from '../../../lib/format';
import { usePortfolioHistory } from '../api';
import { areaOrder } from '../../../lib/area-colors';

const HistoryChart = lazy(() => import('./HistoryChart'));

export interface AreaSeries {
  area: Area;
  label: string;
  cents: number[];
}

const field: Record<Area, keyof Omit<HistoryMonth, 'month'>> = { crypto: 'crypto', stocks: 'stocks', real_estate: 'realEstate', trading: 'trading' };

/** "2025-01" → "Janv. 25": the year tells apart the same month of two years. */
const monthLabel = (key: string) => `${monthName(Number(key.slice(5, 7)) - 1)} ${key.slice(2, 4)}`;

/** The last 12 months per area; the table below the canvas carries the same figures for screen readers. */
export function History() {
  const { t } = useTranslation('portfolio');
  const { data, isError, isPending } = usePortfolioHistory();
  const months = data?.months ?? [];
  const labels = months.map((m) => monthLabel(m.month));
  const series: AreaSeries[] = areaOrder.map((area) => ({ area, label: t(`areas.${area}`), cents: months.map((m) => fromDecimalString(m[field[area]])) }));
  const hasValue = series.some((s) => s.cents.some((c) => c > 0));
  const summary = labels.length > 0 ? t('history.summary', { from: labels[0], to: labels[labels.length - 1] }) : '';
  // Chart.js is fetched and drawn once the figures are on screen, in the box reserved for it.
  const [box, ready] = useDeferredReveal<HTMLDivElement>();
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('history.title')}</h2>
      {isError && <p className="mt-2 text-sm text-red-700">{t('history.failed')}</p>}
      <div ref={box} className="mt-4 h-72" data-testid="history-chart">
        {isPending || (hasValue && !ready) ? null : !hasValue ? (
          <div className="flex h-full items-center justify-center rounded-xl border-2 border-dashed border-slate-200" data-testid="history-empty">
            <p className="text-sm font-semibold text-slate-600">{t('allocation.empty')}</p>
          </div>
        ) : (
          <Suspense fallback={null}>
            <HistoryChart labels={labels} series={series} summary={summary} />
          </Suspense>
        )}
      </div>
      {hasValue && (
        // The wrapper, not the table, is visually hidden: a table is never narrower than its cells and would widen the page.
        <div className="sr-only">
          <table>
            <caption>{t('history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('history.month')}</th>
                {series.map((s) => (
                  <th key={s.area} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={months[i]!.month}>
                  <th scope="row">{label}</th>
                  {series.map((s) => (
                    <td key={s.area}>{money(s.cents[i] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
