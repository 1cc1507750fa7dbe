import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert, AlertStatusFilter } from '../../../contracts/monitoring';
import { ALERT_NOTE_MAX, ALERT_PAGE } from '../../../core/monitoring';
import { Button, Field, inputClass } from '../../components/form';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatAge, formatDateTime, money } from '../../lib/format';
import { AdminNav } from './AdminNav';
import { useAlerts, useResolveAlert } from './alerts-api';

const filters: AlertStatusFilter[] = ['open', 'resolved', 'all'];

/** The movements behind an alert: what, how much, when, and the ids to find them again. */
function Evidence({ alert }: { alert: Alert }) {
  const { t } = useTranslation(['alerts', 'backoffice']);
  return (
    <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('evidence')}>
      {alert.facts.map((f) => (
        <li key={f.txId} className="grid gap-1 p-2 text-sm sm:grid-cols-[1fr_auto] sm:gap-x-4">
          <div className="min-w-0">
            <p>
              <span className="font-semibold">{t(`kinds.${f.kind}`)}</span>{' '}
              <span className="font-semibold tabular-nums">{money(f.amount)}</span>
              {f.sender && (
                <>
                  {' '}
                  {t('from')}{' '}
                  <Link
                    to={`/admin/users?id=${encodeURIComponent(f.sender.id)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {f.sender.fullName ?? f.sender.id}
                    {f.sender.uid && <span className="font-mono"> · {f.sender.uid}</span>}
                  </Link>
                </>
              )}
            </p>
            <p className="break-all font-mono text-xs text-slate-600">
              {f.refId && `${t(`refs.${f.kind}`)} ${f.refId} · `}
              {t('journal')} {f.txId}
            </p>
          </div>
          <time dateTime={f.at} className="tabular-nums text-slate-700">
            {formatDateTime(f.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function ResolveForm({ alert }: { alert: Alert }) {
  const { t } = useTranslation(['alerts', 'backoffice']);
  const resolve = useResolveAlert(alert.id);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="mt-3 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return setMissing(true);
        resolve.mutate(note.trim());
      }}
    >
      <Field label={t('note')} hint={t('noteHint')} error={missing && !note.trim() ? t('noteRequired') : null}>
        {(a11y) => (
          <textarea
            {...a11y}
            rows={2}
            required
            maxLength={ALERT_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div>
        <Button type="submit" disabled={resolve.isPending}>
          {t('resolve')}
        </Button>
      </div>
      {resolve.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(t, resolve.error)}
        </p>
      )}
    </form>
  );
}

function AlertCard({ alert, now }: { alert: Alert; now: number }) {
  const { t } = useTranslation(['alerts', 'backoffice']);
  const th = alert.thresholds;
  const titleId = `alert-${alert.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="alert-card"
      data-alert={alert.id}
      data-rule={alert.rule}
      data-user={alert.user.uid}
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-brand-900">
          {t(`rules.${alert.rule}`)}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-xs font-bold ${alert.status === 'open' ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'}`}
        >
          {t(`statuses.${alert.status}`)}
        </span>
      </div>
      <p className="mb-1 text-sm">
        <Link
          to={`/admin/users?id=${encodeURIComponent(alert.user.id)}`}
          className="font-semibold text-brand-700 underline"
        >
          {alert.user.fullName} · <span className="font-mono">{alert.user.uid}</span>
        </Link>{' '}
        <span className="block break-all text-slate-600 sm:inline">{alert.user.email}</span>
      </p>
      <p className="mb-1 text-sm text-slate-700">
        {t(`explain.${alert.rule}`, {
          amountFrom: th.amountFrom ? money(th.amountFrom) : '',
          amountBelow: th.amountBelow ? money(th.amountBelow) : '',
          hours: th.hours ?? 0,
          count: th.count ?? 0,
        })}
      </p>
      <p className="mb-3 text-sm text-slate-600">
        {t('tripped', { at: formatDateTime(alert.trippedAt) })} ·{' '}
        {formatAge(Math.max(0, (now - Date.parse(alert.trippedAt)) / 1000), t('justNow'))}
      </p>
      <h3 className="mb-1 text-sm font-semibold text-slate-800">{t('evidence')}</h3>
      <Evidence alert={alert} />
      {alert.resolution ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-2 text-sm" data-testid="alert-resolution">
          <span className="whitespace-pre-wrap break-words">
            {t('resolvedBy', {
              at: formatDateTime(alert.resolution.at),
              name: alert.resolution.by.name ?? alert.resolution.by.id,
              note: alert.resolution.note,
            })}
          </span>
        </p>
      ) : (
        <ResolveForm alert={alert} />
      )}
    </article>
  );
}

/** Monitoring alerts for operators (never shown to investors): open first by age, their evidence, resolving with a note. */
export function AlertsPage() {
  const { t } = useTranslation(['alerts', 'backoffice']);
  const [status, setStatus] = useState<AlertStatusFilter>('open');
  const [limit, setLimit] = useState(ALERT_PAGE);
  const alerts = useAlerts(status, limit);
  const shown = alerts.data?.alerts ?? [];
  const now = Date.now();
  return (
    <Page title={t('title')} description={t('description')} wide>
      <AdminNav />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">{t('description')}</p>
      <div role="group" aria-label={t('filter')} className="mb-4 flex flex-wrap gap-2">
        {filters.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setLimit(ALERT_PAGE);
            }}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${status === s ? 'bg-brand-700 text-white' : 'bg-white text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50'}`}
          >
            {t(`filters.${s}`)}
          </button>
        ))}
      </div>
      {!alerts.data ? (
        <p role={alerts.isError ? 'alert' : 'status'}>
          {alerts.isError ? errorMessage(t, alerts.error) : t('backoffice:loading')}
        </p>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {t(`empty.${status}`)}
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-700" role="status" data-testid="alerts-count">
            {t('shown', { shown: shown.length, total: alerts.data.total })}
          </p>
          <ul className="flex flex-col gap-3" aria-label={t(`filters.${status}`)}>
            {shown.map((a) => (
              <li key={a.id}>
                <AlertCard alert={a} now={now} />
              </li>
            ))}
          </ul>
          {shown.length < alerts.data.total && (
            <div className="mt-4">
              <Button type="button" onClick={() => setLimit((l) => l + ALERT_PAGE)} disabled={alerts.isFetching}>
                {t('more', { count: Math.min(ALERT_PAGE, alerts.data.total - shown.length) })}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
