import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../../../core/areas';
import { fromDecimalString } from '../../../../core/money';
import type { HistoryMonth } from '../../../../contracts/portfolio';
import { Card } from '../../../components/form';
import MonthlyChart from '../../../components/MonthlyChart';
import { monthName } from '../../../lib/format';
import { usePortfolioHistory } from '../api';
import { areaColors, areaOrder } from '../../../lib/area-colors';

const field: Record<Area, keyof Omit<HistoryMonth, 'month'>> = {
  crypto: 'crypto',
  stocks: 'stocks',
  real_estate: 'realEstate',
  trading: 'trading',
};

/** "2025-01" → "Janv. 25": the year tells apart the same month of two years. */
const monthLabel = (key: string) => `${monthName(Number(key.slice(5, 7)) - 1)} ${key.slice(2, 4)}`;

/** The last 12 months per area; the table beside the drawing carries the same figures for screen readers. */
export function History() {
  const { t } = useTranslation('portfolio');
  // Drawn by an interruptible render when the months arrive (see Statement).
  const { data, isError, isPending } = useDeferredValue(usePortfolioHistory());
  const months = data?.months ?? [];
  const labels = months.map((m) => monthLabel(m.month));
  const lines = areaOrder.map((area) => ({
    key: area,
    label: t(`areas.${area}`),
    color: areaColors[area],
    cents: months.map((m) => fromDecimalString(m[field[area]])),
  }));
  const hasValue = lines.some((line) => line.cents.some((c) => c > 0));
  const summary = labels.length > 0 ? t('history.summary', { from: labels[0], to: labels[labels.length - 1] }) : '';
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('history.title')}</h2>
      {isError && <p className="mt-2 text-sm text-red-700">{t('history.failed')}</p>}
      <div className="mt-4 h-72" data-testid="history-chart">
        {isPending ? null : !hasValue ? (
          <div
            className="flex h-full items-center justify-center rounded-xl border-2 border-dashed border-slate-200"
            data-testid="history-empty"
          >
            <p className="text-sm font-semibold text-slate-600">{t('allocation.empty')}</p>
          </div>
        ) : (
          <MonthlyChart
            labels={labels}
            lines={lines}
            summary={summary}
            caption={t('history.caption')}
            monthHeading={t('history.month')}
            beginAtZero
          />
        )}
      </div>
    </Card>
  );
}
