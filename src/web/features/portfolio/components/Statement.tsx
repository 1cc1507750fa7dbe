import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isIsoDay, reversedRange } from '../../../../core/dates';
import { fromDecimalString } from '../../../../core/money';
import type { StatementLine } from '../../../../contracts/portfolio';
import { statementKinds } from '../../../../contracts/statement-kinds';
import { DateField } from '../../../components/DateField';
import { Button, Card, Field, inputClass } from '../../../components/form';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime, money } from '../../../lib/format';
import { allLines, statementParams, useStatement, type StatementFilter } from '../api';

function detailOf(t: TFunction, line: StatementLine): string {
  const d = line.detail;
  if (d.area) return t(`areas.${d.area}`);
  if (d.counterpartyUid) return `${d.counterpartyName ?? ''} (${d.counterpartyUid})`;
  if (d.crypto) return [d.crypto, d.status ? t(`statement.status.${d.status}`) : null].filter(Boolean).join(' · ');
  return '';
}

/** A paid withdrawal's transaction (decision 057): its id, linked to the explorer, and its confirmations. */
function PayoutDetail({ payout }: { payout: NonNullable<StatementLine['detail']['payout']> }) {
  const { t } = useTranslation('portfolio');
  const id = <span className="font-mono text-xs [overflow-wrap:anywhere]">{payout.txid}</span>;
  return (
    <span className="mt-0.5 block text-xs" data-testid="statement-payout">
      {t('statement.payout.transaction')}{' '}
      {payout.explorerUrl ? (
        <a href={payout.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
          {id}
        </a>
      ) : (
        id
      )}{' '}
      ·{' '}
      {payout.verified
        ? t('statement.payout.confirmations', { count: payout.confirmations ?? 0 })
        : t('statement.payout.unverified')}
    </span>
  );
}

/** Every movement of the available balance with the balance after it; filters, pages and a CSV of the same lines. */
export function Statement() {
  const { t } = useTranslation('portfolio');
  const [filter, setFilter] = useState<StatementFilter>(allLines);
  // Lines that arrive are drawn by an interruptible render (it yields to the browser every few
  // milliseconds), not in the one long task a fresh query result would take.
  const reversed = reversedRange(filter.from, filter.to);
  const statement = useDeferredValue(useStatement(filter, !reversed));
  const lines = statement.data?.pages.flatMap((p) => p.lines) ?? [];
  const balance = statement.data?.pages[0]?.balance;
  const csv = statementParams(filter);
  csv.set('lang', currentLanguage());
  const set = (key: keyof StatementFilter) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilter((f) => ({ ...f, [key]: e.target.value }));
  /** A day filter changes once the typed text reads as a day (or is cleared); half-typed text filters nothing yet. */
  const setDay = (key: 'from' | 'to') => (value: string) => {
    if (value === '' || isIsoDay(value)) setFilter((f) => ({ ...f, [key]: value }));
  };

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-brand-900">{t('statement.title')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('statement.intro')}</p>
          {balance && (
            <p className="mt-1 text-sm font-semibold text-slate-800" data-testid="statement-balance">
              {t('statement.currentBalance', { amount: money(balance) })}
            </p>
          )}
        </div>
        <a
          href={`/api/statement.csv?${csv.toString()}`}
          hidden={reversed}
          download
          className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-brand-900 shadow-sm hover:bg-slate-50"
        >
          <svg
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M12 4v12m0 0-4-4m4 4 4-4M4 20h16" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('statement.download')}
        </a>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <Field label={t('statement.type')}>
          {(p) => (
            <select {...p} className={inputClass} value={filter.type} onChange={set('type')}>
              <option value="">{t('statement.allTypes')}</option>
              {statementKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`statement.kinds.${k}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DateField label={t('statement.from')} name="from" value={filter.from} onChange={setDay('from')} />
        <DateField
          label={t('statement.to')}
          name="to"
          value={filter.to}
          onChange={setDay('to')}
          notBefore={filter.from}
        />
      </div>
      {statement.isError && (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {t('statement.failed')}
        </p>
      )}
      {/* On a phone the table scrolls sideways inside this region, which the keyboard can reach too. */}
      <div
        className="mt-4 overflow-x-auto"
        role="region"
        aria-label={t('statement.title')}
        tabIndex={0}
        aria-live="polite"
        aria-busy={statement.isFetching}
      >
        {statement.isSuccess && lines.length === 0 ? (
          <p className="text-sm text-slate-600">{t('statement.empty')}</p>
        ) : (
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="statement-table">
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  {t('statement.date')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('statement.operation')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('statement.detail')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('statement.amount')}
                </th>
                <th scope="col" className="py-2 pl-3 text-right">
                  {t('statement.balance')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((line) => {
                const amount = fromDecimalString(line.amount);
                return (
                  <tr key={line.id}>
                    <td className="whitespace-nowrap py-2.5 pr-3 text-slate-600">{formatDateTime(line.at)}</td>
                    <td className="px-3 py-2.5 font-medium text-slate-900">{t(`statement.kinds.${line.kind}`)}</td>
                    <td className="px-3 py-2.5 text-slate-600">
                      {detailOf(t, line)}
                      {line.detail.payout && <PayoutDetail payout={line.detail.payout} />}
                    </td>
                    <td
                      className={`whitespace-nowrap px-3 py-2.5 text-right tabular-nums ${amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}
                    >
                      {`${amount > 0 ? '+' : ''}${money(amount)}`}
                    </td>
                    <td className="whitespace-nowrap py-2.5 pl-3 text-right font-semibold tabular-nums">
                      {money(line.balance)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {statement.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            tone="secondary"
            onClick={() => void statement.fetchNextPage()}
            disabled={statement.isFetchingNextPage}
          >
            {statement.isFetchingNextPage ? t('statement.loadingMore') : t('statement.more')}
          </Button>
        </div>
      )}
    </Card>
  );
}
