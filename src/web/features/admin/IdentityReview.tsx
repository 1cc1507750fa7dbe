import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminIdentity } from '../../../contracts/identity';
import { reasonTexts } from '../../../core/rejection-texts';
import { Button } from '../../components/form';
import { useToasts } from '../../components/toast';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatDay } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { useIdentityDecision, useIdentityFiles, useIdentityQueue, type IdentityFilter } from './api';
import { CardFacts, SameImageNote } from './CardParts';
import { QueueFrame } from './QueueFrame';
import { RejectDialog } from './RejectDialog';
import { reviewState } from './RequestCard';

const filters: IdentityFilter[] = ['pending', 'waiting', 'verified', 'rejected', 'all'];

const tone = {
  pending: { card: 'border-l-yellow-400', badge: 'bg-yellow-100 text-yellow-900' },
  verified: { card: 'border-l-emerald-500', badge: 'bg-emerald-100 text-emerald-900' },
  rejected: { card: 'border-l-red-500', badge: 'bg-red-100 text-red-900' },
};

/** The four images side by side (two on a phone), each opening full size in a new tab. */
function Documents({ identity }: { identity: AdminIdentity }) {
  const { t } = useTranslation(['admin', 'identity']);
  const { data, isError } = useIdentityFiles(identity.id);
  if (isError) return <p className="mt-3 text-sm text-slate-600">{t('noImage')}</p>;
  return (
    <ul className="mt-3 grid grid-cols-2 gap-2 md:grid-cols-4" aria-label={t('identity:review.documents')}>
      {identity.files.map((slot) => {
        const url = data?.files.find((f) => f.slot === slot)?.url;
        const label = t(`identity:review.slots.${slot}`);
        return (
          <li key={slot} className="flex flex-col justify-between gap-1">
            <span className="text-xs font-semibold text-slate-600">{label}</span>
            {url ? (
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                className="block overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
                aria-label={t('identity:review.openFile', { what: label, name: identity.user.fullName })}
              >
                <img
                  src={url}
                  alt={t('identity:review.fileAlt', { what: label, name: identity.user.fullName })}
                  className="aspect-[4/3] w-full object-contain"
                />
              </a>
            ) : (
              <span className="aspect-[4/3] w-full animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
            )}
          </li>
        );
      })}
    </ul>
  );
}

function IdentityCard({
  identity,
  operatorId,
  busy,
  onVerify,
  onReject,
}: {
  identity: AdminIdentity;
  operatorId?: string;
  busy: boolean;
  onVerify: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation(['admin', 'identity']);
  const labels = reasonTexts[currentLanguage()].label;
  const pending = identity.status === 'pending';
  const { second, canApprove, canReject, note } = reviewState(
    identity,
    operatorId,
    t,
    'identity:review.twoApprovalsNeeded',
  );
  // An expired document cannot be verified; it can be rejected.
  const canVerify = canApprove && !identity.expired;
  const rows: Array<[string, string]> = [
    [t('email'), identity.user.email],
    [t('uid'), identity.user.uid],
    [t('identity:review.birthDate'), formatDay(identity.user.birthDate)],
    [t('identity:documentType'), t(`identity:types.${identity.documentType}`)],
    [t('identity:number'), identity.documentNumber],
    [t('identity:expiry'), formatDay(identity.documentExpiry)],
    [t('createdAt'), formatDateTime(identity.createdAt)],
    ...(identity.processedAt
      ? ([[t('processedAt'), formatDateTime(identity.processedAt)]] as Array<[string, string]>)
      : []),
    ...(identity.firstApproval
      ? ([
          [
            t('firstApproval'),
            `${identity.firstApproval.name} (${identity.firstApproval.email}) · ${formatDateTime(identity.firstApproval.at)}`,
          ],
        ] as Array<[string, string]>)
      : []),
    ...(identity.reason ? ([[t('reason'), labels[identity.reason]]] as Array<[string, string]>) : []),
    ...(identity.internalNote ? ([[t('internalNote'), identity.internalNote]] as Array<[string, string]>) : []),
  ];
  return (
    <li
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm ${tone[identity.status].card}`}
      data-testid="identity-review"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-base font-semibold text-brand-900 [overflow-wrap:anywhere]" data-testid="requester">
            {identity.user.fullName}
          </p>
          <p className="text-sm text-slate-600">{t('identity:review.version', { version: identity.version })}</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {identity.renewal && (
            <span
              className="rounded-full bg-sky-100 px-3 py-1 text-xs font-bold text-sky-900"
              data-testid="identity-renewal"
            >
              {t('identity:review.renewal')}
            </span>
          )}
          {identity.expired && (
            <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-bold text-red-900">
              {t('identity:review.expired')}
            </span>
          )}
          <span
            className={`rounded-full px-3 py-1 text-xs font-bold ${second ? 'bg-orange-100 text-orange-900' : tone[identity.status].badge}`}
            data-testid="request-stage"
          >
            {second ? t('awaitingSecond') : t(`identity:review.status.${identity.status}`)}
          </span>
        </div>
      </div>
      <Documents identity={identity} />
      <CardFacts rows={rows} />
      {identity.sameImageAs.length > 0 && (
        <SameImageNote title={t('identity:review.sameImage')}>
          {identity.sameImageAs.map((m) => (
            <li key={`${m.slot}-${m.verificationId}-${m.otherSlot}`} className="[overflow-wrap:anywhere]">
              {t(`identity:review.sameImage_${m.kind}`, {
                what: t(`identity:review.slots.${m.slot}`),
                name: m.user.fullName,
                uid: m.user.uid,
                date: formatDateTime(m.createdAt),
              })}
            </li>
          ))}
        </SameImageNote>
      )}
      {identity.history.length > 0 && (
        <section className="mt-3" aria-label={t('identity:review.history')} data-testid="identity-history">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('identity:review.history')}
          </h3>
          {identity.renewal && <p className="mt-1 text-sm text-slate-600">{t('identity:review.renewalHint')}</p>}
          <ol className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
            {identity.history.map((h) => (
              <li key={h.id} className="rounded-md px-2 py-1">
                {t('identity:review.historyLine', {
                  status: t(`identity:review.status.${h.status}`),
                  sent: formatDateTime(h.createdAt),
                  expiry: formatDay(h.documentExpiry),
                })}
                {h.processedAt && ` · ${t('identity:review.historyDecided', { date: formatDateTime(h.processedAt) })}`}
                {h.reason && ` · ${labels[h.reason]}`}
              </li>
            ))}
          </ol>
        </section>
      )}
      {identity.versions.length > 1 && (
        <section className="mt-3" aria-label={t('versions')} data-testid="versions">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('versions')}</h3>
          <ol className="mt-1 flex flex-col gap-1 text-sm">
            {identity.versions.map((v) => (
              <li
                key={v.id}
                aria-current={v.id === identity.id ? 'true' : undefined}
                className={`rounded-md px-2 py-1 ${v.id === identity.id ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700'}`}
              >
                {t('identity:review.versionLine', {
                  version: v.version,
                  status: t(`identity:review.status.${v.status}`),
                  date: formatDateTime(v.createdAt),
                })}
                {v.reason && ` · ${labels[v.reason]}`}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {canVerify && (
          <Button tone="approve" onClick={onVerify} disabled={busy} data-testid="identity-verify">
            {second ? t('approveSecond') : t('identity:review.verify')}
          </Button>
        )}
        {canReject && (
          <Button tone="danger" onClick={onReject} disabled={busy} data-testid="identity-reject">
            {t('reject')}
          </Button>
        )}
      </div>
      {note && <p className="mt-3 text-sm text-slate-600">{note}</p>}
      {pending && identity.expired && <p className="mt-3 text-sm text-red-800">{t('identity:review.expiredHint')}</p>}
    </li>
  );
}

/** The identity verifications' queue, beside deposits and withdrawals (decision 036). */
export function IdentityQueue() {
  const { t } = useTranslation(['admin', 'identity']);
  const toast = useToasts();
  const { data: me } = useMe();
  const [status, setStatus] = useState<IdentityFilter>('pending');
  const queue = useIdentityQueue(status);
  const decision = useIdentityDecision();
  const [rejecting, setRejecting] = useState<AdminIdentity | null>(null);
  const decide = (
    id: string,
    action: 'verify' | 'reject',
    why?: { reason: AdminIdentity['reason'] & string; note?: string },
  ) =>
    decision.mutate(
      { id, action, ...why },
      {
        onSuccess: (done) =>
          toast.success(
            done.stage === 'awaiting_second'
              ? t('firstApprovalRecorded')
              : t(action === 'verify' ? 'identity:review.verified' : 'identity:review.rejected'),
          ),
        onError: (err) =>
          toast.error(t(action === 'verify' ? 'approveFailed' : 'rejectFailed', { message: errorMessage(t, err) })),
      },
    );
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div>
      <QueueFrame
        filters={filters}
        status={status}
        onStatus={setStatus}
        labelOf={(s) => t(`identity:review.status.${s}`)}
        queue={queue}
        count={items.length}
        listClassName="grid gap-4"
      >
        {items.map((r) => (
          <IdentityCard
            key={r.id}
            identity={r}
            operatorId={me?.id}
            busy={decision.isPending}
            onVerify={() => decide(r.id, 'verify')}
            onReject={() => setRejecting(r)}
          />
        ))}
      </QueueFrame>
      <RejectDialog
        open={rejecting !== null}
        kind="identity"
        preview={(text) => text}
        onClose={() => setRejecting(null)}
        onConfirm={(why) => rejecting && decide(rejecting.id, 'reject', why)}
      />
    </div>
  );
}
