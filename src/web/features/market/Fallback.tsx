import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { fromDecimalString } from '../../../core/money';
import { Card, FormMessage, Stat } from '../../components/form';
import { formatDate, formatDateTime, formatDayMonth, money } from '../../lib/format';
import { useBtcHistory, useBtcPrice } from './api';

const BtcChart = lazy(() => import('./BtcChart'));
const DAYS = 30;

/** When the TradingView widgets cannot load: say so, and chart the BTC prices we stored ourselves. */
export function Fallback() {
  const { t } = useTranslation('market');
  const price = useBtcPrice(true);
  const history = useBtcHistory(true, DAYS);
  const points = history.data?.points ?? [];
  const labels = points.map((p) => formatDate(p.at));
  // The axis shows day and month only, so that a phone fits several dates; the tooltip keeps the full date.
  const ticks = points.map((p) => formatDayMonth(p.at));
  const cents = points.map((p) => fromDecimalString(p.price));
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    first && last
      ? t('fallback.summary', {
          from: formatDateTime(first.at),
          to: formatDateTime(last.at),
          start: money(first.price),
          end: money(last.price),
          count: points.length,
        })
      : '';
  const p = price.data;
  return (
    <div className="grid gap-6" data-testid="charts-fallback">
      <FormMessage tone="info">{t('fallback.notice')}</FormMessage>
      <Card>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 className="text-lg font-semibold text-brand-900">{t('fallback.title')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('fallback.source', { days: DAYS })}</p>
          </div>
          <Stat
            label={t('fallback.current')}
            value={p?.price ? money(p.price) : '—'}
            hint={
              p?.fetchedAt
                ? `${t('fallback.at', { at: formatDateTime(p.fetchedAt) })}${p.stale ? ` · ${t('fallback.stale')}` : ''}`
                : t('fallback.noPrice')
            }
          />
        </div>
        <div className="mt-4 h-80">
          {points.length < 2 ? (
            <div className="flex h-full items-center justify-center rounded-xl border-2 border-dashed border-slate-200">
              <p className="px-4 text-center text-sm font-semibold text-slate-600">
                {history.isPending ? t('fallback.loading') : t('fallback.empty')}
              </p>
            </div>
          ) : (
            <Suspense fallback={null}>
              <BtcChart labels={labels} ticks={ticks} cents={cents} summary={summary} />
            </Suspense>
          )}
        </div>
      </Card>
    </div>
  );
}
