import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentityState } from '../../../../contracts/identity';
import {
  identityDocumentTypes,
  isExpired,
  normalizeDocumentNumber,
  requiredSlots,
  type IdentityDocumentType,
  type IdentitySlot,
} from '../../../../core/identity';
import { DateField } from '../../../components/DateField';
import { Button, Card, Field, FormMessage, TextInput, inputClass } from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime, formatDay } from '../../../lib/format';
import { uploadWithProgress } from '../../../lib/upload';
import { identityKey, useIdentity } from '../api';

const MAX_BYTES = 5 * 1024 * 1024;
const IdentityReason = lazy(() => import('./IdentityReason').then((m) => ({ default: m.IdentityReason })));

const badge = {
  none: 'bg-slate-100 text-slate-800 ring-slate-300',
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  verified: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  rejected: 'bg-red-50 text-red-800 ring-red-300',
  expiring: 'bg-amber-50 text-amber-900 ring-amber-300',
  expired: 'bg-red-50 text-red-800 ring-red-300',
  renewal_pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  renewal_rejected: 'bg-red-50 text-red-800 ring-red-300',
} as const;

type Current = NonNullable<IdentityState['current']>;
type OnFile = NonNullable<IdentityState['onFile']>;
/** What the card shows: the submission's status, and past a verification, its document's lifecycle. */
type View = keyof typeof badge;

/** The verification's lifecycle as the person reads it; each view has its way forward. */
function viewOf(data: IdentityState): View {
  if (data.status === 'verified')
    return data.onFile?.expired ? 'expired' : data.onFile?.expiresSoon ? 'expiring' : 'verified';
  if (data.current?.renewal) return data.status === 'pending' ? 'renewal_pending' : 'renewal_rejected';
  return data.status;
}

const notice = 'mt-4 rounded-xl border-2 px-4 py-3 text-sm';

/**
 * "Vérifier mon identité" (issue 26, item 1): the state of the person's verification, the
 * catalogue's reason of a rejection with its "Corriger" action, and the form, which a correction
 * opens prefilled and where each file of the rejected version is kept unless replaced. Past the
 * verification (issue 46, item 1): a document that expires soon or has expired offers its renewal,
 * and a renewal pending or rejected says the previous verification stays on file.
 */
export function IdentityCard() {
  const { t } = useTranslation('identity');
  const { data } = useIdentity();
  const [open, setOpen] = useState(false);
  if (!data) return null;
  const current = data.current;
  const view = viewOf(data);
  const correcting = data.status === 'rejected' && current?.rejection?.canCorrect ? current : null;
  const renewing = data.canRenew ? data.onFile : null;
  return (
    <Card className="lg:col-span-2">
      <section aria-labelledby="identity-title" id="identity" data-testid="identity-card">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="identity-title" className="text-lg font-bold text-brand-900">
            {t('title')}
          </h2>
          <span
            className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${badge[view]}`}
            data-testid="identity-status"
          >
            {t(`status.${view}`)}
          </span>
        </div>
        {data.status === 'none' && <p className="mt-2 text-sm text-slate-700">{t('intro')}</p>}
        {current && data.status !== 'none' && <Summary current={current} view={view} />}
        {(view === 'expiring' || view === 'expired') && data.onFile && (
          <div
            className={`${notice} ${view === 'expired' ? 'border-red-400 bg-red-50 text-red-950' : 'border-amber-400 bg-amber-50 text-amber-950'}`}
            role={view === 'expired' ? 'alert' : undefined}
            data-testid="identity-expiry"
          >
            <p className="font-semibold">
              {t(view === 'expired' ? 'expiredNotice' : 'expiringNotice', {
                date: formatDay(data.onFile.documentExpiry),
              })}
            </p>
            {renewing && !open && (
              <Button className="mt-3" onClick={() => setOpen(true)} data-testid="identity-renew">
                {t('renew')}
              </Button>
            )}
          </div>
        )}
        {(view === 'renewal_pending' || view === 'renewal_rejected') && data.onFile && (
          <OnFileLine onFile={data.onFile} />
        )}
        {data.status === 'rejected' && current?.rejection && (
          <div className={`${notice} border-amber-400 bg-amber-50 text-amber-950`} data-testid="identity-rejection">
            <p className="font-semibold">{t(current.renewal ? 'renewalRejectedTitle' : 'rejectedTitle')}</p>
            <Suspense fallback={<p className="mt-1" aria-busy="true" />}>
              <IdentityReason reason={current.rejection.reason} />
            </Suspense>
            {!current.rejection.canCorrect && <p className="mt-1">{t('noMoreCorrections')}</p>}
            {correcting && !open && (
              <Button className="mt-3" onClick={() => setOpen(true)} data-testid="identity-correct">
                {t('correct')}
              </Button>
            )}
          </div>
        )}
        {data.status === 'none' && !open && (
          <Button className="mt-4" onClick={() => setOpen(true)} data-testid="identity-start">
            {t('start')}
          </Button>
        )}
        {open && (data.status === 'none' || correcting || renewing) && (
          <IdentityForm
            previous={correcting}
            renewing={renewing}
            maxVersions={data.maxVersions}
            onDone={() => setOpen(false)}
          />
        )}
      </section>
    </Card>
  );
}

/** A renewal pending or rejected: the verification on file stays, valid or expired. */
function OnFileLine({ onFile }: { onFile: OnFile }) {
  const { t } = useTranslation('identity');
  return (
    <p
      className={`mt-3 text-sm ${onFile.expired ? 'font-semibold text-red-800' : 'text-slate-700'}`}
      data-testid="identity-on-file"
    >
      {t(onFile.expired ? 'onFileExpired' : 'onFileValid', { date: formatDay(onFile.documentExpiry) })}
    </p>
  );
}

function Summary({ current, view }: { current: Current; view: View }) {
  const { t } = useTranslation('identity');
  const hint =
    view === 'pending'
      ? t('pendingHint')
      : view === 'renewal_pending'
        ? t('renewalPendingHint')
        : view === 'verified' || view === 'expiring'
          ? t('verifiedHint')
          : null;
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-semibold text-slate-700">{t('documentType')}</dt>
      <dd className="text-slate-900">{t(`types.${current.documentType}`)}</dd>
      <dt className="font-semibold text-slate-700">{t('expiry')}</dt>
      <dd className="text-slate-900">{formatDay(current.documentExpiry)}</dd>
      <dt className="font-semibold text-slate-700">{t('sentAt')}</dt>
      <dd className="text-slate-900">
        {formatDateTime(current.createdAt)}
        {current.version > 1 && ` · ${t('version', { version: current.version })}`}
      </dd>
      {hint && <dd className="text-slate-700 sm:col-span-2">{hint}</dd>}
    </dl>
  );
}

function IdentityForm({
  previous,
  renewing,
  maxVersions,
  onDone,
}: {
  previous: Current | null;
  /** The verification on file this submission renews (a new document: nothing is kept from it). */
  renewing: OnFile | null;
  maxVersions: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(['identity', 'errors']);
  const client = useQueryClient();
  const [type, setType] = useState<IdentityDocumentType>(previous?.documentType ?? renewing?.documentType ?? 'id_card');
  const [number, setNumber] = useState(previous?.documentNumber ?? '');
  const [expiry, setExpiry] = useState(previous?.documentExpiry ?? '');
  const [files, setFiles] = useState<Partial<Record<IdentitySlot, File>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const slots = requiredSlots(type);
  const kept = (slot: IdentitySlot) => !files[slot] && previous?.files.includes(slot) === true;

  /** The server's rules, checked first here (it checks them again, and the bytes). */
  const check = (): string | null => {
    if (!normalizeDocumentNumber(number)) return t('numberInvalid');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiry)) return t('expiryInvalid');
    if (isExpired(expiry, new Date())) return t('errors:identity_document_expired');
    for (const slot of slots) {
      const file = files[slot];
      if (!file && !kept(slot)) return t('fileMissing', { slot: t(`slots.${slot}`) });
      if (file && file.size > MAX_BYTES) return t('errors:file_too_large');
      if (file && !file.type.startsWith('image/')) return t('errors:file_not_image');
    }
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = check();
    setProblem(found);
    if (found) return;
    const body = new FormData();
    body.append('documentType', type);
    body.append('documentNumber', number);
    body.append('documentExpiry', expiry);
    if (previous) body.append('previousId', previous.id);
    for (const slot of slots) if (files[slot]) body.append(slot, files[slot]);
    setProgress(0);
    try {
      const state = await uploadWithProgress<IdentityState>('/api/identity', body, setProgress);
      client.setQueryData(identityKey, state);
      onDone();
    } catch (err) {
      setProblem(errorMessage(t, err));
    } finally {
      setProgress(null);
    }
  };

  const sending = progress !== null;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 flex flex-col gap-4" data-testid="identity-form">
      {previous && (
        <p className="text-sm text-slate-700">{t('correcting', { version: previous.version + 1, max: maxVersions })}</p>
      )}
      {!previous && renewing && <p className="text-sm text-slate-700">{t('renewing')}</p>}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('documentType')}>
          {(a11y) => (
            <select
              {...a11y}
              name="documentType"
              value={type}
              onChange={(e) => setType(e.target.value as IdentityDocumentType)}
              className={inputClass}
            >
              {identityDocumentTypes.map((d) => (
                <option key={d} value={d}>
                  {t(`types.${d}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('number')} hint={t('numberHint')}>
          {(a11y) => (
            <TextInput
              {...a11y}
              name="documentNumber"
              autoComplete="off"
              value={number}
              onChange={(e) => setNumber(e.target.value)}
            />
          )}
        </Field>
        <DateField label={t('expiry')} name="documentExpiry" value={expiry} onChange={setExpiry} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {slots.map((slot) => (
          <Field key={slot} label={t(`slots.${slot}`)} hint={kept(slot) ? t('kept') : t(`hints.${slot}`)}>
            {(a11y) => (
              <input
                {...a11y}
                type="file"
                name={slot}
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  setFiles((f) => ({ ...f, [slot]: file }));
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
              />
            )}
          </Field>
        ))}
      </div>
      {sending && (
        <p className="text-xs text-slate-600" aria-live="polite">
          {t('progress', { percent: progress ?? 0 })}
        </p>
      )}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <p className="text-xs text-slate-600">{t('privacy')}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={sending} data-testid="identity-submit">
          {sending ? t('sending') : previous ? t('sendCorrection') : renewing ? t('sendRenewal') : t('send')}
        </Button>
        <Button tone="secondary" onClick={onDone} disabled={sending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
