import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../../../contracts/cashier';
import { Card } from '../../components/form';
import { formatDateTime, money } from '../../lib/format';
import { useCashierHistory } from './api';
import { CorrectLink, reasonText } from './Correction';
import { HeldByLimitNote } from './HeldByLimit';
import { PayoutLine } from './Payout';

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
  const row = (
    key: string,
    main: React.ReactNode,
    sub: React.ReactNode,
    badge: React.ReactNode,
    why?: React.ReactNode,
  ) => (
    <li key={key} className="flex items-center gap-3 py-2.5 text-sm">
      <div className="min-w-0 flex-1">
        <p className="font-semibold tabular-nums text-slate-900">{main}</p>
        <p className="text-xs text-slate-500">{sub}</p>
        {why}
      </div>
      {badge}
    </li>
  );
  /** A rejection's reason (what to fix) and, while it can be corrected, the action that does. */
  const rejection = (
    kind: 'deposit' | 'withdrawal',
    r: (typeof data.deposits)[number] | (typeof data.withdrawals)[number],
  ) =>
    r.rejection ? (
      <div data-testid="rejection">
        <p className="mt-1 text-xs text-slate-700 [overflow-wrap:anywhere]">
          {t('history.reason', { reason: reasonText(r) })}
        </p>
        <CorrectLink kind={kind} request={r} />
      </div>
    ) : null;
  /** A rejection from before the catalogue keeps its note; a newer one shows the catalogue's reason. */
  const legacy = (notes: string | null) => (notes ? t('history.reason', { reason: notes }) : null);
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold text-brand-900">{t('history.title')}</h2>
      <div className="grid gap-6 lg:grid-cols-3">
        <Section title={t('history.deposits')} empty={t('history.empty')}>
          {data.deposits.map((d) =>
            row(
              d.id,
              money(d.amount),
              [formatDateTime(d.createdAt), legacy(d.adminNotes)].filter(Boolean).join(' · '),
              <StatusBadge status={d.status} />,
              d.heldByLimit ? <HeldByLimitNote held={d.heldByLimit} /> : rejection('deposit', d),
            ),
          )}
        </Section>
        <Section title={t('history.withdrawals')} empty={t('history.empty')}>
          {data.withdrawals.map((w) =>
            row(
              w.id,
              `${money(w.amount)} · ${w.crypto}`,
              [formatDateTime(w.createdAt), legacy(w.adminNotes)].filter(Boolean).join(' · '),
              <StatusBadge status={w.status} />,
              w.payout ? <PayoutLine payout={w.payout} /> : rejection('withdrawal', w),
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
