import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isIsoDay, reversedRange } from '../../../core/dates';
import { DateField } from '../../components/DateField';
import { Button, Field, inputClass } from '../../components/form';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AdminNav } from './AdminNav';
import { AuditList } from './AuditRows';
import {
  auditFilterOf,
  auditIntegrityQuery,
  auditKeys,
  auditParams,
  auditQuery,
  type AuditKey,
  useAudit,
  useAuditIntegrity,
} from './backoffice-api';

/**
 * The seal's card and the first rows, fetched with the screen when it is the first one opened: the
 * card grew when its answer arrived and pushed the filters and the rows down.
 */
export function prefetchAuditPage(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(auditIntegrityQuery),
    client.prefetchInfiniteQuery(auditQuery(auditFilterOf(new URLSearchParams(window.location.search)))),
  ]);
}

/** The newest seal of the hash chain and whether the last recomputation of the seals agreed. */
function Integrity() {
  const { t } = useTranslation('backoffice');
  const q = useAuditIntegrity();
  const d = q.data;
  const failed = d?.verification?.ok === false;
  return (
    <section
      aria-labelledby="integrity-title"
      className={`mb-4 rounded-xl border bg-white p-4 shadow-sm ${failed ? 'border-red-500 ring-2 ring-red-200' : 'border-slate-200'}`}
    >
      <h2 id="integrity-title" className="mb-2 text-lg font-semibold text-brand-900">
        {t('audit.integrity')}
      </h2>
      {!d ? (
        <p role={q.isError ? 'alert' : 'status'}>{q.isError ? errorMessage(t, q.error) : t('loading')}</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{t('audit.newestSeal')}</dt>
          <dd className="min-w-0" data-testid="seal-head">
            {d.seal ? (
              <>
                <span className="font-semibold">
                  {t('audit.sealNo', { no: d.seal.no, at: formatDateTime(d.seal.sealedAt) })}
                </span>
                <code className="block break-all font-mono text-xs text-slate-800">{d.seal.hash}</code>
              </>
            ) : (
              t('audit.noSeal')
            )}
          </dd>
          <dt className="text-slate-600">{t('audit.sealsVerification')}</dt>
          <dd className={failed ? 'font-semibold text-red-800' : 'text-slate-900'} data-testid="seals-verification">
            {d.verification
              ? d.verification.ok
                ? t('audit.sealsOk', { at: formatDateTime(d.verification.ranAt) })
                : t('audit.sealsFailed', { at: formatDateTime(d.verification.ranAt), count: d.verification.problems })
              : t('audit.sealsNever')}
          </dd>
        </dl>
      )}
    </section>
  );
}

/** The audit trail: filters in the address (so a view can be linked), keyset pages, CSV export. */
export function AuditPage() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const applied = auditFilterOf(params);
  const [draft, setDraft] = useState<Record<AuditKey, string>>(
    () => Object.fromEntries(auditKeys.map((k) => [k, params.get(k) ?? ''])) as Record<AuditKey, string>,
  );
  const set = (k: AuditKey) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const badDay = (v: string) => v !== '' && !isIsoDay(v);
  const invalid = badDay(draft.from) || badDay(draft.to) || reversedRange(draft.from, draft.to);
  const audit = useAudit(applied);
  const csv = auditParams(applied);
  csv.set('lang', currentLanguage());

  return (
    <Page title={t('audit.title')} description={t('audit.description')} wide>
      <AdminNav />
      <Integrity />
      <form
        aria-label={t('audit.filters')}
        className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (invalid) return;
          setParams(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim())));
        }}
      >
        <Field label={t('audit.actor')} hint={t('audit.actorHint')}>
          {(a11y) => (
            <input
              {...a11y}
              name="actor"
              className={inputClass}
              value={draft.actor}
              onChange={(e) => set('actor')(e.target.value)}
              autoComplete="off"
              maxLength={200}
            />
          )}
        </Field>
        <Field label={t('audit.action')} hint={t('audit.actionHint')}>
          {(a11y) => (
            <input
              {...a11y}
              name="action"
              className={inputClass}
              value={draft.action}
              onChange={(e) => set('action')(e.target.value)}
              autoComplete="off"
              maxLength={100}
            />
          )}
        </Field>
        <Field label={t('audit.target')} hint={t('audit.targetHint')}>
          {(a11y) => (
            <input
              {...a11y}
              name="target"
              className={inputClass}
              value={draft.target}
              onChange={(e) => set('target')(e.target.value)}
              autoComplete="off"
              maxLength={200}
            />
          )}
        </Field>
        <DateField label={t('audit.from')} name="from" value={draft.from} onChange={set('from')} />
        <DateField label={t('audit.to')} name="to" value={draft.to} onChange={set('to')} notBefore={draft.from} />
        <div className="flex flex-wrap items-end gap-2">
          <Button type="submit" disabled={invalid}>
            {t('audit.apply')}
          </Button>
          <Button
            type="button"
            tone="secondary"
            onClick={() => {
              setDraft({ actor: '', action: '', target: '', from: '', to: '' });
              setParams({});
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-brand-900">{t('audit.rows')}</h2>
        <a
          href={`/api/admin/audit.csv?${csv}`}
          // A range from the address that ends before it starts has no rows to export.
          hidden={reversedRange(applied.from, applied.to)}
          download
          className="ml-auto rounded-lg bg-white px-3 py-2 text-sm font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t('audit.csv')}
        </a>
      </div>
      <AuditList
        audit={audit}
        label={t('audit.rows')}
        empty={
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
            {t('audit.none')}
          </p>
        }
      />
    </Page>
  );
}
