import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Deposit } from '../../../contracts/cashier';
import { formatDate, money } from '../../lib/format';
import { useCashierHistory } from './api';

type Held = NonNullable<Deposit['heldByLimit']>;

/** Why a pending deposit waits on the investor's limit, with the figures and what frees it (issue 46, item 3). */
export function HeldByLimitNote({ held }: { held: Held }) {
  const { t } = useTranslation('cashier');
  return (
    <div className="mt-1 text-xs text-amber-900" data-testid="held-by-limit">
      <p>{t(`history.heldByLimit.${held.limit}`, { max: money(held.max), left: money(held.left) })}</p>
      {held.freesAt && <p>{t('history.heldByLimit.freesAt', { date: formatDate(held.freesAt) })}</p>}
      {held.raise && (
        <Link to="/profile#identity" className="font-semibold text-brand-900 underline underline-offset-2">
          {t('history.heldByLimit.raise')}
        </Link>
      )}
    </div>
  );
}

/** On /cashier: each pending deposit the limit keeps waiting, said at the top, where it is seen. */
export function HeldDeposits() {
  const { t } = useTranslation('cashier');
  const { data } = useCashierHistory();
  const held = data?.deposits.filter((d) => d.status === 'pending' && d.heldByLimit) ?? [];
  if (held.length === 0) return null;
  return (
    <div role="status" className="mt-6 flex flex-col gap-3" data-testid="held-deposits">
      {held.map((d) => (
        <div key={d.id} className="rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">{t('history.heldByLimit.notice', { amount: money(d.amount) })}</p>
          <HeldByLimitNote held={d.heldByLimit!} />
        </div>
      ))}
    </div>
  );
}
