import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditRowView } from '../../../contracts/backoffice';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { Button } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';

const resultTone: Record<string, string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  refused: 'bg-amber-100 text-amber-900',
};

type Person = AuditRowView['actor'];

/** A person of the trail: name and e-mail (else UID), a link to their page; a bare id when no one has it (`cli`, `monitoring`). */
function Who({ who, testId }: { who: Person; testId?: string }) {
  if (!who.uid) return <span className="break-all font-mono">{who.id}</span>;
  return (
    <Link
      to={`/admin/users?id=${encodeURIComponent(who.id)}`}
      className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]"
      data-testid={testId}
    >
      {who.fullName ? `${who.fullName} · ` : ''}
      {who.email ? `${who.email} · ` : ''}
      <span className="font-mono">{who.uid}</span>
    </Link>
  );
}

/** Targets that are one person's item: their own trail (every step taken on them) is one filter away. */
const itemTypes = new Set([
  'deposit_request',
  'withdrawal_request',
  'identity_verification',
  'monitoring_alert',
  'support_conversation',
]);

/** Rows of the audit trail, newest first: a list (not a table) so that it reads at 390 px. */
export function AuditRows({ rows, label }: { rows: AuditRowView[]; label: string }) {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <ol
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      aria-label={label}
      data-testid="audit-rows"
    >
      {rows.map((r) => (
        <li key={r.id} className="grid gap-1 p-3 text-sm sm:grid-cols-[11rem_1fr_auto] sm:gap-x-4">
          <time dateTime={r.at} className="tabular-nums text-slate-700">
            {formatDateTime(r.at)}
          </time>
          <div className="min-w-0">
            <p className="flex flex-wrap items-baseline gap-x-2">
              {i18n.exists(`audit.actions.${r.action}`, { ns: 'backoffice' }) && (
                <span className="font-semibold text-slate-900">{t(`audit.actions.${r.action}`)}</span>
              )}
              <span className="break-all font-mono text-xs font-semibold text-slate-700">{r.action}</span>
            </p>
            <p className="text-slate-700">
              {t('audit.by')} <Who who={r.actor} testId="audit-actor" />
            </p>
            <p className="text-slate-700">
              {t('audit.on')} {t(`audit.targetTypes.${r.target.type}`, { defaultValue: r.target.type })}{' '}
              {r.target.type === 'user' && r.subject ? (
                <Who who={r.subject} testId="audit-subject" />
              ) : itemTypes.has(r.target.type) ? (
                <Link
                  to={`/admin/audit?target=${encodeURIComponent(r.target.id)}`}
                  className="break-all font-mono text-brand-700 underline"
                  aria-label={t('audit.itemTrail', {
                    item: t(`audit.targetTypes.${r.target.type}`, { defaultValue: r.target.type }),
                    id: r.target.id,
                  })}
                >
                  {r.target.id}
                </Link>
              ) : (
                <span className="break-all font-mono">{r.target.id}</span>
              )}
            </p>
            {r.subject && r.target.type !== 'user' && (
              <p className="text-slate-700">
                {t('audit.concerns')} <Who who={r.subject} testId="audit-subject" />
              </p>
            )}
            {r.ip && (
              <p className="break-all text-xs text-slate-600">
                {t('audit.source', { ip: r.ip, agent: r.userAgent ?? '' })}
              </p>
            )}
            {r.after && (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs font-semibold text-brand-700">{t('audit.details')}</summary>
                <dl className="mt-1 grid gap-1 text-xs">
                  <dt className="font-semibold text-slate-700">{t('audit.before')}</dt>
                  <dd className="break-all font-mono text-slate-800">{r.before ?? '—'}</dd>
                  <dt className="font-semibold text-slate-700">{t('audit.after')}</dt>
                  <dd className="break-all font-mono text-slate-800">{r.after}</dd>
                </dl>
              </details>
            )}
          </div>
          <span
            className={`self-start justify-self-start rounded-full px-3 py-1 text-xs font-bold ${resultTone[r.result] ?? 'bg-slate-100 text-slate-800'}`}
          >
            {t(`audit.results.${r.result}`, { defaultValue: r.result })}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A paged audit query as the screens show it: loading, error, empty, the rows, and "load more". */
export function AuditList({
  audit,
  label,
  empty,
}: {
  audit: UseInfiniteQueryResult<InfiniteData<{ items: AuditRowView[] }>>;
  label: string;
  empty: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  const rows = audit.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      {audit.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : audit.isError ? (
        <p role="alert">{errorMessage(t, audit.error)}</p>
      ) : rows.length === 0 ? (
        empty
      ) : (
        <AuditRows rows={rows} label={label} />
      )}
      {audit.hasNextPage && (
        <div className="mt-4 text-center">
          <Button tone="secondary" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            {audit.isFetchingNextPage ? t('loading') : t('loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
