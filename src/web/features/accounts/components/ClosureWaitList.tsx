import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClosureWaitView } from '../../../../contracts/closure';
import { formatDate, money } from '../../../lib/format';

const areaTitle: Record<string, string> = {
  crypto: 'titles.crypto',
  trading: 'titles.trading',
  stocks: 'titles.stocks',
  real_estate: 'titles.realEstate',
};

const linkClass = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** What a closure waits for, each with its exact date (decision 039). */
export function ClosureWaitList({ waits }: { waits: ClosureWaitView[] }) {
  const { t } = useTranslation(['closure', 'common']);
  const area = (a: string) => t(`common:${areaTitle[a] ?? 'titles.invest'}`);
  return (
    <ul className="flex flex-col gap-2 text-sm text-slate-700" data-testid="closure-waits">
      {waits.map((w) => (
        <li
          key={`${w.kind}-${'id' in w ? w.id : ''}`}
          className="rounded-lg border border-slate-200 px-3 py-2 break-words"
        >
          {w.kind === 'investment_locked' &&
            t('closure:wait.investmentLocked', {
              area: area(w.area),
              amount: money(w.amount),
              date: formatDate(w.until),
            })}
          {w.kind === 'investment_active' && (
            <>
              {t('closure:wait.investmentActive', { area: area(w.area), amount: money(w.amount) })}{' '}
              <Link to="/portfolio" className={linkClass}>
                {t('closure:wait.stopLink')}
              </Link>
            </>
          )}
          {w.kind === 'deposit_pending' &&
            t('closure:wait.depositPending', { amount: money(w.amount), date: formatDate(w.since) })}
          {w.kind === 'withdrawal_pending' &&
            t('closure:wait.withdrawalPending', { amount: money(w.amount), date: formatDate(w.since) })}
          {w.kind === 'identity_pending' && t('closure:wait.identityPending', { date: formatDate(w.since) })}
          {w.kind === 'balance' && (
            <>
              {t('closure:wait.balance', { amount: money(w.amount) })}{' '}
              {w.withdrawalLockedUntil &&
                t('closure:wait.withdrawalLocked', { date: formatDate(w.withdrawalLockedUntil) })}{' '}
              <span className="inline-flex flex-wrap gap-x-3">
                <Link to="/withdraw" className={linkClass}>
                  {t('closure:wait.withdrawLink')}
                </Link>
                <Link to="/internal-transfer" className={linkClass}>
                  {t('closure:wait.transferLink')}
                </Link>
              </span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
