import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChainPayments as Payments } from '../../../contracts/chain';
import { Card } from '../../components/form';
import { coinAmount, money, rateMoney } from '../../lib/format';
import { useChainPayments } from './api';

// The claim form (decision 060) loads only where claims are on: most servers never show it.
const ChainClaim = lazy(() => import('./ChainClaim').then((m) => ({ default: m.ChainClaim })));

type Payment = Payments['payments'][number];

function stateOf(p: Payment, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (p.state === 'seen') return t('chain.seen');
  if (p.state === 'orphaned') return t('chain.orphaned');
  if (p.state === 'confirmed') return t('chain.confirmed');
  return t('chain.confirming', { count: p.confirmations, required: p.required });
}

/**
 * What the chain watcher saw of the person's payments to their own addresses (decision 055):
 * waiting, seen, n of m confirmations, confirmed. Only where a coin's chain is followed.
 */
export function ChainPayments() {
  const { t, i18n } = useTranslation('cashier');
  const { data } = useChainPayments();
  const claims = data?.claims ?? [];
  if (!data || (data.followed.length === 0 && claims.length === 0)) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">{t('chain.title')}</h2>
      {claims.length > 0 && (
        <Suspense fallback={null}>
          <ChainClaim claims={claims} />
        </Suspense>
      )}
      {data.payments.length === 0 ? (
        data.followed.length > 0 && (
          <p className="mt-2 text-sm text-slate-700">
            {t('chain.waiting', { coins: data.followed.map((f) => f.coin).join(', ') })}
          </p>
        )
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-live="polite">
          {data.payments.map((p) => (
            <li key={`${p.coin}:${p.txid}:${p.vout}`} className="py-2 text-sm">
              <p className="font-semibold text-brand-900">
                {coinAmount(p.amount, i18n.language)} {p.coin.replace('_', ' ')}
              </p>
              <p className={p.state === 'confirmed' ? 'text-emerald-800' : 'text-slate-700'}>{stateOf(p, t)}</p>
              {p.outcome && (
                <p className={p.outcome.kind === 'credited' ? 'font-medium text-emerald-800' : 'text-slate-800'}>
                  {t(`chain.outcome.${p.outcome.kind}`, {
                    amount: money(p.outcome.amount),
                    rate: rateMoney(p.outcome.rate),
                    coin: p.coin.replace('_', ' '),
                    minimum: money(data.minimum),
                  })}
                  {p.outcome.refunded && ` ${t('chain.outcome.refunded')}`}
                </p>
              )}
              <p className="truncate font-mono text-xs text-slate-500" title={p.txid}>
                {t('chain.transaction', { txid: `${p.txid.slice(0, 12)}…` })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-xs text-slate-600">{t('chain.note', { minimum: money(data.minimum) })}</p>
    </Card>
  );
}
