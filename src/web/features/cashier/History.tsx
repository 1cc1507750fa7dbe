import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../../../contracts/cashier';
import { Card } from '../../components/form';
import { formatDateTime, money } from '../../lib/format';
import { useCashierHistory } from './api';

const statusClass: Record<RequestStatus | 'completed', string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  completed: 'bg-emerald-100 text-emerald-900',
};

export function StatusBadge({ status }: { status: RequestStatus | 'completed' }) {
  const { t } = useTranslation('cashier');
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClass[status]}`}>
      {t(`history.status.${status}`)}
    </span>
  );
}

function Section({ title, children, empty }: { title: string; children: React.ReactNode[]; empty: string }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">{children}</ul>
      )}
    </div>
  );
}

/** The user's deposits, withdrawals and transfers with their status; refreshed live by events. */
export function History() {
  const { t } = useTranslation('cashier');
  const { data } = useCashierHistory();
  if (!data) return null;
  const row = (key: string, main: React.ReactNode, sub: React.ReactNode, badge: React.ReactNode) => (
    <li key={key} className="flex items-center gap-3 py-2.5 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-semibold tabular-nums text-slate-900">{main}</p>
        <p className="text-xs text-slate-500">{sub}</p>
      </div>
      {badge}
    </li>
  );
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">{t('history.title')}</h2>
      <div className="grid gap-6 lg:grid-cols-3">
        <Section title={t('history.deposits')} empty={t('history.empty')}>
          {data.deposits.map((d) =>
            row(
              d.id,
              money(d.amount),
              [formatDateTime(d.createdAt), d.adminNotes ? t('history.reason', { reason: d.adminNotes }) : null]
                .filter(Boolean)
                .join(' · '),
              <StatusBadge status={d.status} />,
            ),
          )}
        </Section>
        <Section title={t('history.withdrawals')} empty={t('history.empty')}>
          {data.withdrawals.map((w) =>
            row(
              w.id,
              `${money(w.amount)} · ${w.crypto}`,
              [formatDateTime(w.createdAt), w.adminNotes ? t('history.reason', { reason: w.adminNotes }) : null]
                .filter(Boolean)
                .join(' · '),
              <StatusBadge status={w.status} />,
            ),
          )}
        </Section>
        <Section title={t('history.transfers')} empty={t('history.empty')}>
          {data.transfers.map((tr) =>
            row(
              tr.id,
              `${tr.direction === 'out' ? '−' : '+'}${money(tr.amount)}`,
              `${t(tr.direction === 'out' ? 'history.sentTo' : 'history.receivedFrom', { name: tr.counterpartyName, uid: tr.counterpartyUid })} · ${formatDateTime(tr.createdAt)}`,
              <StatusBadge status="completed" />,
            ),
          )}
        </Section>
      </div>
    </Card>
  );
}
