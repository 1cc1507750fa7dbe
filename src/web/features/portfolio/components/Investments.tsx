import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fromDecimalString } from '../../../../core/money';
import type { Investment } from '../../../../contracts/investing';
import { Button, Card, FormMessage } from '../../../components/form';
import { newIdempotencyKey } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { formatDate, money } from '../../../lib/format';
import { useMoreInvestments, useStopInvestment } from '../api';
import { areaColors } from '../../../lib/area-colors';
import { Dialog } from '../../../components/Dialog';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

function gainOf(i: Investment) {
  const cents = fromDecimalString(i.currentValue) - fromDecimalString(i.amount);
  return {
    cents,
    text: `${cents > 0 ? '+' : ''}${money(cents)}`,
    cls: cents > 0 ? 'text-emerald-700' : cents < 0 ? 'text-red-700' : 'text-slate-600',
  };
}

function StopButton({ investment, onStop }: { investment: Investment; onStop: (i: Investment) => void }) {
  const { t } = useTranslation('portfolio');
  const locked = investment.lockDaysLeft > 0;
  return (
    <Button
      tone="secondary"
      className="whitespace-nowrap"
      disabled={locked}
      title={locked ? t('stop.lockedHint') : undefined}
      onClick={() => onStop(investment)}
    >
      {locked ? t('stop.locked', { count: investment.lockDaysLeft }) : t('stop.button')}
    </Button>
  );
}

function AreaName({ investment }: { investment: Investment }) {
  const { t } = useTranslation('portfolio');
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <span
        className="h-2.5 w-2.5 rounded-full"
        style={{ backgroundColor: areaColors[investment.area] }}
        aria-hidden="true"
      />
      {t(`areas.${investment.area}`)}
    </span>
  );
}

/** The first page (from the portfolio) and, once asked for, the following ones, each investment once. */
function useShownInvestments(first: Investment[], nextCursor: string | null) {
  const [wanted, setWanted] = useState(false);
  const more = useMoreInvestments(nextCursor, wanted);
  const shown =
    wanted && nextCursor !== null ? [...first, ...(more.data?.pages.flatMap((p) => p.investments) ?? [])] : first;
  const seen = new Set<string>();
  const investments = shown.filter((i) => !seen.has(i.id) && seen.add(i.id));
  const hasMore = wanted ? nextCursor !== null && (more.hasNextPage || more.isPending) : nextCursor !== null;
  const loadMore = () => (wanted ? void more.fetchNextPage() : setWanted(true));
  return { investments, hasMore, loadMore, loading: more.isFetching, failed: more.isError };
}

/** Active investments with their stop button (locked for 5 full days), a confirmation, then the amount credited. */
export function Investments({
  first,
  nextCursor,
  total,
}: {
  first: Investment[];
  nextCursor: string | null;
  total: number;
}) {
  const { t } = useTranslation('portfolio');
  const stop = useStopInvestment();
  const { investments, hasMore, loadMore, loading, failed } = useShownInvestments(first, nextCursor);
  const [target, setTarget] = useState<{ investment: Investment; key: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) message.current?.focus();
  }, [outcome]);

  const open = (investment: Investment) => {
    setOutcome(null);
    setTarget({ investment, key: newIdempotencyKey() });
  };
  const confirm = () => {
    if (!target) return;
    stop.mutate(
      { id: target.investment.id, key: target.key },
      {
        onSuccess: (r) => setOutcome({ tone: 'success', text: t('stop.success', { amount: money(r.credited) }) }),
        onError: (err) => setOutcome({ tone: 'error', text: t('stop.failure', { message: errorMessage(t, err) }) }),
        onSettled: () => setTarget(null),
      },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('table.title')}</h2>
      <div ref={message} tabIndex={-1} className="mt-3 empty:hidden focus:outline-none">
        {outcome && <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage>}
      </div>
      {investments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          {t('table.none')}{' '}
          <Link to="/invest" className="font-semibold text-brand-600 underline hover:text-brand-700">
            {t('table.investLink')}
          </Link>
        </p>
      ) : (
        <>
          <table className="mt-4 hidden w-full text-left text-sm md:table" data-testid="investments-table">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t('table.area')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('table.amount')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('table.value')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('table.gain')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('table.since')}
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  {t('table.action')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {investments.map((i) => {
                const gain = gainOf(i);
                return (
                  <tr key={i.id}>
                    <th scope="row" className="py-3 pr-3 font-normal">
                      <AreaName investment={i} />
                    </th>
                    <td className="px-3 py-3 text-right tabular-nums">{money(i.amount)}</td>
                    <td className="px-3 py-3 text-right font-semibold tabular-nums">{money(i.currentValue)}</td>
                    <td className={`px-3 py-3 text-right tabular-nums ${gain.cls}`}>{gain.text}</td>
                    <td className="px-3 py-3 text-slate-600">{formatDate(i.createdAt)}</td>
                    <td className="py-3 pl-3 text-right">
                      <StopButton investment={i} onStop={open} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <ul className="mt-4 divide-y divide-slate-100 md:hidden" data-testid="investments-list">
            {investments.map((i) => {
              const gain = gainOf(i);
              return (
                <li key={i.id} className="flex flex-col gap-2 py-3 text-sm">
                  <div className="flex items-center justify-between gap-3">
                    <AreaName investment={i} />
                    <span className="text-xs text-slate-500">{formatDate(i.createdAt)}</span>
                  </div>
                  <dl className="grid grid-cols-3 gap-2">
                    <div>
                      <dt className="text-xs text-slate-500">{t('table.amount')}</dt>
                      <dd className="tabular-nums">{money(i.amount)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('table.value')}</dt>
                      <dd className="font-semibold tabular-nums">{money(i.currentValue)}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-slate-500">{t('table.gain')}</dt>
                      <dd className={`tabular-nums ${gain.cls}`}>{gain.text}</dd>
                    </div>
                  </dl>
                  <StopButton investment={i} onStop={open} />
                </li>
              );
            })}
          </ul>
          {total > investments.length && (
            <p className="mt-4 text-sm text-slate-600" data-testid="investments-shown">
              {t('table.shown', { shown: investments.length, total })}
            </p>
          )}
          {failed && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              {t('table.moreFailed')}
            </p>
          )}
          {hasMore && (
            <div className="mt-4 flex justify-center">
              <Button tone="secondary" onClick={loadMore} disabled={loading}>
                {loading ? t('table.loadingMore') : t('table.more')}
              </Button>
            </div>
          )}
        </>
      )}
      <Dialog
        open={target !== null}
        title={t('stop.confirmTitle')}
        busy={stop.isPending}
        onClose={() => setTarget(null)}
      >
        {target && (
          <>
            <p className="text-sm text-slate-700">
              {t('stop.confirmBody', {
                area: t(`areas.${target.investment.area}`),
                amount: money(target.investment.amount),
                value: money(target.investment.currentValue),
              })}
            </p>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              {/* The dialog opens on its safe choice: Enter never stops an investment by accident. */}
              {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
              <Button tone="secondary" onClick={() => setTarget(null)} disabled={stop.isPending} autoFocus>
                {t('stop.cancel')}
              </Button>
              <Button tone="danger" onClick={confirm} disabled={stop.isPending}>
                {stop.isPending ? t('stop.sending') : t('stop.confirm')}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </Card>
  );
}
