import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainRefund, ChainRefunds } from '../../../contracts/chain';
import { Button } from '../../components/form';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, money, rateMoney } from '../../lib/format';
import { CardFacts } from './CardParts';

type State = 'open' | 'done';

function useRefunds(state: State) {
  return useQuery({
    queryKey: ['admin', 'refunds', state],
    queryFn: () => api<ChainRefunds>(`/api/admin/chain/refunds?state=${state}`),
  });
}

/** One payment to send back: what came, from whom, why it was not credited, and the refund's transaction. */
function RefundCard({ refund }: { refund: ChainRefund }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const [txid, setTxid] = useState('');
  const inputId = useId();
  const errorId = useId();
  const record = useMutation({
    mutationFn: () =>
      api<ChainRefund>(`/api/admin/chain/refunds/${refund.coin}/${refund.txid}/${refund.vout}`, {
        method: 'POST',
        body: { txid },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'refunds'] }),
  });
  const rows: Array<[string, string]> = [
    [t('refunds.person'), `${refund.user.fullName ?? '—'} · ${refund.user.uid ?? '—'} · ${refund.user.email ?? '—'}`],
    [t('refunds.reason'), t(`refunds.reasons.${refund.reason}`)],
    [
      t('refunds.worth'),
      `${money(refund.worth)} · ${t('chain.rate', { rate: rateMoney(refund.rate), at: formatDateTime(refund.raisedAt) })}`,
    ],
    [t('refunds.paidFrom'), `${refund.txid}:${refund.vout}`],
    [t('refunds.address'), refund.address],
    ...(refund.refund
      ? ([[t('refunds.refundTx'), `${refund.refund.txid} · ${formatDateTime(refund.refund.at)}`]] as Array<
          [string, string]
        >)
      : []),
  ];
  return (
    <li className="rounded-xl border border-l-4 border-slate-200 border-l-orange-400 bg-white p-4 shadow-sm">
      <p className="font-semibold text-brand-900">
        {refund.amount} {refund.coin}
      </p>
      <CardFacts rows={rows} />
      {!refund.refund && (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            record.mutate();
          }}
        >
          <label htmlFor={inputId} className="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-800">
            {t('refunds.txidLabel')}
            <input
              id={inputId}
              value={txid}
              onChange={(e) => setTxid(e.target.value)}
              required
              spellCheck={false}
              autoComplete="off"
              aria-invalid={record.isError}
              aria-describedby={record.isError ? errorId : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 font-mono text-sm"
            />
          </label>
          <Button type="submit" disabled={record.isPending || txid.trim() === ''}>
            {t('refunds.record')}
          </Button>
          {record.isError && (
            <p id={errorId} role="alert" className="w-full text-sm text-red-700">
              {errorMessage(t, record.error)}
            </p>
          )}
        </form>
      )}
    </li>
  );
}

/**
 * The refunds queue (decision 059): chain payments the platform holds but did not credit. The
 * operator sends the coins back from the wallet, then records the refund's transaction here.
 */
export function RefundsQueue() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<State>('open');
  const { data, isPending, isError, error } = useRefunds(state);
  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="text-lg font-semibold text-brand-900">
        {t('refunds.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('refunds.intro')}</p>
      <div role="group" aria-label={t('refunds.filter')} className="mt-3 flex gap-2">
        {(['open', 'done'] as const).map((s) => (
          <Button
            key={s}
            tone={state === s ? 'primary' : 'secondary'}
            aria-pressed={state === s}
            onClick={() => setState(s)}
          >
            {t(`refunds.states.${s}`)}
          </Button>
        ))}
      </div>
      {isPending ? (
        <p className="mt-4 text-sm text-slate-600">{t('refunds.loading')}</p>
      ) : isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {errorMessage(t, error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{t(`refunds.empty.${state}`)}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.items.map((r) => (
            <RefundCard key={`${r.coin}:${r.txid}:${r.vout}`} refund={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
