import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, Card, Field, FormMessage, TextInput } from '../form';
import { CodeField } from '../CodeField';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, withColon } from '../../lib/format';
import { useDataExport, useRequestDataExport } from './api';

/** "850 ko", "1,5 Mo" / "850 kB", "1.5 MB", in the page's language. */
const fileSize = (bytes: number, lng: string) => {
  const mega = bytes >= 1_000_000;
  return new Intl.NumberFormat(lng, {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
};

/**
 * Why a download link opened in the browser could not serve the file: the server sends the browser
 * here with `?export=<code>` (decision 049). The message comes first and takes the focus.
 */
function LinkRefused({ reason }: { reason: string }) {
  const { t } = useTranslation('dataExport');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'center' });
    box.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div ref={box} tabIndex={-1} className="mb-4 outline-none" data-testid="data-export-link-refused">
      <FormMessage tone="error">{t(reason === 'link_expired' ? 'linkExpired' : 'linkRefused')}</FormMessage>
    </div>
  );
}

/**
 * "Mes données": the export in one click (decision 038). Self-contained (its own queries and texts),
 * so that any signed-in page can hold it: the profile, and a former investor's read-only page. It
 * asks for the password again, and the authenticator's code when `twoFactorEnabled`.
 */
export function DataExportSection({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t, i18n } = useTranslation(['dataExport', 'errors']);
  const current = useDataExport();
  const ask = useRequestDataExport();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [params, setParams] = useSearchParams();
  const refused = params.get('export');
  const view = current.data ?? null;
  const building = view?.status === 'queued' || view?.status === 'building';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask.mutate(
      { password, ...(twoFactorEnabled ? { code: code.trim() } : {}) },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          // The refused link is behind: the new export's progress takes its place.
          if (refused) setParams({}, { replace: true });
        },
      },
    );
  };

  return (
    <Card>
      <h2 id="data-export-title" className="text-lg font-bold text-brand-900">
        {t('title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('intro')}</p>
      {refused && <LinkRefused reason={refused} />}

      {building && view && (
        <div className="mb-4 flex flex-col gap-2" data-testid="data-export-progress">
          <p className="text-sm font-semibold text-slate-800" aria-live="polite">
            {t('building', { percent: view.progress })}
          </p>
          <div
            role="progressbar"
            aria-labelledby="data-export-title"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={view.progress}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${view.progress}%` }} />
          </div>
        </div>
      )}

      {view?.status === 'ready' && view.downloadUrl && (
        <div className="mb-4 flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <p className="text-sm font-semibold text-emerald-900" role="status">
            {t('ready')}
          </p>
          <a
            href={view.downloadUrl}
            download
            className="self-start rounded-lg bg-emerald-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-emerald-800"
            data-testid="data-export-download"
          >
            {t('download', { size: fileSize(view.sizeBytes ?? 0, i18n.language) })}
          </a>
          {view.expiresAt && (
            <p className="text-xs text-slate-700">{t('validUntil', { date: formatDateTime(view.expiresAt) })}</p>
          )}
          {view.sha256 && (
            <p className="text-xs break-all text-slate-600">
              {withColon('SHA-256')} <span className="font-mono">{view.sha256}</span>
            </p>
          )}
        </div>
      )}
      {view?.status === 'failed' && <FormMessage tone="error">{t('failed')}</FormMessage>}
      {/* A refused link already says so, with what to do. */}
      {view?.status === 'expired' && !refused && <p className="mb-4 text-sm text-slate-600">{t('expired')}</p>}

      {!building && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('reauth')}</p>
          {ask.error && <FormMessage tone="error">{errorMessage(t, ask.error)}</FormMessage>}
          <Field label={t('password')}>
            {(a11y) => (
              <TextInput
                {...a11y}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          {twoFactorEnabled && <CodeField label={t('code')} value={code} onChange={setCode} />}
          <Button
            type="submit"
            disabled={!password || (twoFactorEnabled && !code.trim()) || ask.isPending}
            className="self-start"
          >
            {view?.status === 'ready' ? t('again') : t('submit')}
          </Button>
        </form>
      )}
      <p className="mt-4 text-xs text-slate-600">
        {t('format')}{' '}
        <a href="/api/schemas/data-export/v2.json" className="font-semibold text-brand-700 underline">
          {t('schema')}
        </a>
      </p>
    </Card>
  );
}
