import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FormMessage } from '../../components/form';
import { AfterFirstPaint } from '../../components/AfterFirstPaint';
import { Page } from '../../components/Page';
import { usePortfolio } from './api';
import { Allocation } from './components/Allocation';
import { History } from './components/History';
import { Investments } from './components/Investments';
import { Statement } from './components/Statement';
import { PriceNotice, Stats } from './components/Stats';

// The balance check and its texts are fetched when the page is drawn, never before its first paint.
const VerifyBalance = lazy(() => import('./components/VerifyBalance').then((m) => ({ default: m.VerifyBalance })));

// Named by screens.ts: the first render of this screen waits for its data (app/routes.tsx).
export { prefetchPortfolio } from './api';

/** Allocation, totals, monthly history, active investments and the statement; refreshed live by server events. */
export function PortfolioPage() {
  const { t } = useTranslation(['common', 'portfolio']);
  const portfolio = usePortfolio();
  const data = portfolio.data;
  return (
    <Page title={t('titles.portfolio')} description={t('portfolio:metaDescription')} wide>
      {/* One column of minmax(0, 1fr): the statement table scrolls inside its card instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6">
        {portfolio.isError && (
          <FormMessage tone="error">
            <span>{t('portfolio:loadFailed')}</span>{' '}
            <Button tone="secondary" className="ml-2 py-1" onClick={() => void portfolio.refetch()}>
              {t('portfolio:retry')}
            </Button>
          </FormMessage>
        )}
        <PriceNotice portfolio={data} loading={portfolio.isPending} />
        <Stats portfolio={data} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Allocation portfolio={data} loading={portfolio.isPending} />
          {/* Below the first screenful on a phone: built after the first paint, in their own tasks. */}
          <AfterFirstPaint minHeight="24rem">
            <History />
          </AfterFirstPaint>
        </div>
        {data && (
          <AfterFirstPaint minHeight="16rem">
            <Investments first={data.investments} nextCursor={data.nextCursor} total={data.activeCount} />
          </AfterFirstPaint>
        )}
        <AfterFirstPaint minHeight="24rem">
          <Statement />
        </AfterFirstPaint>
        <AfterFirstPaint minHeight="12rem">
          <Suspense fallback={<div className="min-h-[12rem]" aria-hidden="true" />}>
            {/* A round counts investments at what stopping them would credit: the portfolio's value. */}
            <VerifyBalance investedValue={data?.stats.totalValue} />
          </Suspense>
        </AfterFirstPaint>
      </div>
    </Page>
  );
}
