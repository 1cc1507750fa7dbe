import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '../../../contracts/cashier';
import { Card } from '../../components/form';
import { formatDateTime, money } from '../../lib/format';
import { useCashierHistory } from './api';

/**
 * The transaction that paid a withdrawal (decision 057): its id, linked to the explorer the
 * operator configured, what it paid and its confirmations when the server checked it on chain, or
 * "not verified" when no provider checks that coin.
 */
export function PayoutLine({ payout }: { payout: NonNullable<Withdrawal['payout']> }) {
  const { t } = useTranslation('cashier');
  const id = <span className="font-mono [overflow-wrap:anywhere]">{payout.txid}</span>;
  return (
    <div className="mt-1 text-xs text-slate-700" data-testid="payout">
      <p>
        {t('payout.transaction')}{' '}
        {payout.explorerUrl ? (
          <a
            href={payout.explorerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
            aria-label={t('payout.openExplorer', { txid: payout.txid })}
          >
            {id}
          </a>
        ) : (
          id
        )}
      </p>
      <p data-testid="payout-state">
        {payout.verified
          ? [
              payout.coinAmount ? t('payout.paid', { amount: payout.coinAmount }) : null,
              payout.confirmationsWanted !== null && (payout.confirmations ?? 0) >= payout.confirmationsWanted
                ? t('payout.confirmed', { count: payout.confirmations ?? 0 })
                : t('payout.confirmations', { count: payout.confirmations ?? 0, wanted: payout.confirmationsWanted }),
            ]
              .filter(Boolean)
              .join(' · ')
          : t('payout.unverified')}
      </p>
    </div>
  );
}

/** The withdrawals paid lately, with their transactions (the /withdraw page). */
export function PaidWithdrawals() {
  const { t } = useTranslation('cashier');
  const { data } = useCashierHistory();
  const paid = data?.withdrawals.filter((w) => w.status === 'approved' && w.payout) ?? [];
  if (paid.length === 0) return null;
  return (
    <Card>
      <h2 className="mb-3 text-base font-semibold text-brand-900">{t('payout.title')}</h2>
      <ul className="divide-y divide-slate-100 text-sm" data-testid="paid-withdrawals">
        {paid.map((w) => (
          <li key={w.id} className="py-2">
            <span className="font-semibold tabular-nums">{money(w.amount)}</span> · {w.crypto}
            <span className="block text-xs text-slate-500">{formatDateTime(w.processedAt ?? w.createdAt)}</span>
            <PayoutLine payout={w.payout!} />
          </li>
        ))}
      </ul>
    </Card>
  );
}
