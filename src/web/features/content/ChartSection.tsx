import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { usePortfolioHistory } from './api';
import { categories, categoryColors, historySeries, sampleSeries } from './chartData';

// The chart's code is a separate chunk, fetched only when the chart is near the screen.
const MonthlyChart = lazy(() => import('../../components/MonthlyChart'));

/** True once the element is near the viewport: the chart is not even fetched for a visitor who never scrolls to it. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '300px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** Fixed height, for the placeholder and the chart alike: no layout shift when the chart arrives. */
const chartBox = 'relative h-80 w-full';

export function ChartSection() {
  const { t, i18n } = useTranslation('content');
  const { data: me } = useMe();
  const history = usePortfolioHistory(Boolean(me));
  const lng = currentLanguage();
  // Spec §8: when the person's history cannot be loaded, the sample data is shown instead (and said so).
  const series = (me && historySeries(history.data?.months, lng)) || sampleSeries(lng);
  const summary = t('home.chart.summary', {
    count: series.labels.length,
    from: series.labels[0],
    to: series.labels[series.labels.length - 1],
  });
  const lines = categories.map((c) => ({
    key: c,
    label: t(`areas.${c}.title`),
    color: categoryColors[c],
    cents: series.values[c],
  }));
  const waiting = Boolean(me) && history.isPending;
  const [box, near] = useNearViewport<HTMLDivElement>();
  return (
    <section aria-labelledby="chart-title" className="defer-render bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 id="chart-title" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          {t('home.chart.title')}
        </h2>
        <p className="mt-2 text-slate-600" data-testid="chart-note">
          {series.sample ? t('home.chart.sample') : t('home.chart.mine')}
        </p>
        <div className="mt-6 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
          <div ref={box} className={chartBox} data-testid="home-chart">
            {waiting || !near ? (
              <ChartPlaceholder label={t('home.chart.loading')} />
            ) : (
              <Suspense fallback={<ChartPlaceholder label={t('home.chart.loading')} />}>
                <MonthlyChart
                  key={i18n.language}
                  labels={series.labels}
                  lines={lines}
                  summary={summary}
                  caption={t('home.chart.tableCaption')}
                  monthHeading={t('home.chart.month')}
                />
              </Suspense>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function ChartPlaceholder({ label }: { label: string }) {
  return (
    <div className="flex h-full w-full items-center justify-center rounded-xl bg-slate-100" role="status">
      <span className="text-sm text-slate-600">{label}</span>
    </div>
  );
}
