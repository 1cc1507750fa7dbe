import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, Stat } from '../../components/form';
import { Page } from '../../components/Page';
import { money } from '../../lib/format';
import { useMe } from '../../lib/session';
import { ChainPayments } from './ChainPayments';
import { HeldDeposits } from './HeldByLimit';
import { History } from './History';
import { Notes } from './Notes';

const actions = [
  { to: '/deposit', key: 'deposit', icon: 'M12 4v12m0 0-4-4m4 4 4-4M4 20h16' },
  { to: '/withdraw', key: 'withdraw', icon: 'M12 20V8m0 0-4 4m4-4 4 4M4 4h16' },
  { to: '/internal-transfer', key: 'transfer', icon: 'M4 8h13l-3-3m6 11H7l3 3' },
] as const;

export function CashierPage() {
  const { t } = useTranslation('cashier');
  const { data: me } = useMe();
  return (
    <Page title={t('cashier.title')} description={t('cashier.metaDescription')} wide>
      <div className="grid gap-4 sm:grid-cols-3">
        <Card>
          <Stat label={t('cashier.available')} value={me ? money(me.balance) : '—'} />
        </Card>
        <Card>
          <Stat label={t('cashier.invested')} value={me ? money(me.invested) : '—'} tone="muted" />
        </Card>
        <Card>
          <Stat label={t('cashier.held')} value={me ? money(me.withdrawalHold) : '—'} tone="muted" />
        </Card>
      </div>
      <HeldDeposits />
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {actions.map((a) => (
          <li key={a.key}>
            <Link
              to={a.to}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
            >
              <svg
                viewBox="0 0 24 24"
                className="h-8 w-8 text-brand-600"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={a.icon} />
              </svg>
              <span className="mt-3 text-lg font-semibold text-brand-900 group-hover:text-brand-600">
                {t(`cashier.${a.key}.title`)}
              </span>
              <span className="mt-1 text-sm text-slate-600">{t(`cashier.${a.key}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-6">
        <ChainPayments />
        <History />
        <Notes section="cashier" />
      </div>
    </Page>
  );
}
