import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tier } from '../../../core/tiers';
import type { AdminDeposit, AdminWithdrawal, ChainEvidence } from '../../../contracts/cashier';
import { Button, Field, TextInput } from '../../components/form';
import { isCryptoType } from '../../../core/crypto-address';
import { payoutTxidOf } from '../../../core/payout';
import { formatDate, formatDateTime, money, rateMoney } from '../../lib/format';
import { CardFacts } from './CardParts';
import { SameImage } from './SameImage';
import { reasonTexts } from '../../../core/rejection-texts';
import { currentLanguage } from '../../lib/i18n';

/** Every version of a corrected request, first to last, this one marked. */
function Versions({ request }: { request: AdminDeposit | AdminWithdrawal }) {
  const { t } = useTranslation('admin');
  const labels = reasonTexts[currentLanguage()].label;
  return (
    <section className="mt-3" aria-label={t('versions')} data-testid="versions">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{t('versions')}</h3>
      <ol className="mt-1 flex flex-col gap-1 text-sm">
        {request.versions.map((v) => (
          <li
            key={v.id}
            aria-current={v.id === request.id ? 'true' : undefined}
            className={`rounded-md px-2 py-1 [overflow-wrap:anywhere] ${v.id === request.id ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-700'}`}
          >
            {t('versionLine', {
              version: v.version,
              amount: money(v.amount),
              status: t(`status.${v.status}`),
              date: formatDateTime(v.createdAt),
            })}
            {v.reason && ` · ${labels[v.reason]}`}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Who may act on a card, and what it tells the operator: nobody decides on their own account; under
 * dual control the first approver may still reject, not approve again.
 */
export function reviewState(
  r: Pick<AdminDeposit, 'own' | 'stage' | 'needsSecondApproval' | 'firstApproval'> & { status: string },
  operatorId: string | undefined,
  t: (key: string) => string,
  twoNeededKey: string,
) {
  const pending = r.status === 'pending';
  const second = r.stage === 'awaiting_second';
  const mineFirst = second && r.firstApproval?.by === operatorId;
  const note = !pending
    ? null
    : r.own
      ? t('ownRequest')
      : mineFirst
        ? t('waitingForOther')
        : r.stage === 'awaiting_first' && r.needsSecondApproval
          ? t(twoNeededKey)
          : null;
  return { second, canApprove: pending && !r.own && !mineFirst, canReject: pending && !r.own, note };
}

const tone = {
  pending: { card: 'border-l-yellow-400', badge: 'bg-yellow-100 text-yellow-900' },
  approved: { card: 'border-l-emerald-500', badge: 'bg-emerald-100 text-emerald-900' },
  rejected: { card: 'border-l-red-500', badge: 'bg-red-100 text-red-900' },
};

/** Why the limit keeps this deposit waiting: the reason the investor reads too (issue 46, item 3). */
function heldLine(t: TFunction, held: NonNullable<AdminDeposit['heldByLimit']>): string {
  return [
    t(`heldByLimit.${held.limit}`, { max: money(held.max), left: money(held.left) }),
    held.freesAt ? t('heldByLimit.freesAt', { date: formatDate(held.freesAt) }) : null,
    held.raise ? t('heldByLimit.raise') : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The requester's tier, and what the rolling 30 days used in this direction against its limit. */
function tierLine(t: TFunction, user: { tier: Tier; limit: { used: string; max: string | null } | null }): string {
  const tier = t(`tiers.${user.tier}`);
  if (!user.limit) return tier;
  const used = money(user.limit.used);
  return `${tier} · ${user.limit.max === null ? t('limitNone', { used }) : t('limitUsed', { used, max: money(user.limit.max) })}`;
}

/** The chain's evidence of a deposit: the payment, its transaction, and where it stands now. */
function chainRows(t: TFunction<'admin'>, c: ChainEvidence): Array<[string, string]> {
  const state =
    c.state === 'orphaned'
      ? t('chain.orphaned')
      : c.state === 'confirmed'
        ? t('chain.confirmed', { count: c.confirmations, required: c.required, height: c.blockHeight })
        : t('chain.confirming', { count: c.confirmations, required: c.required });
  return [
    [
      t('chain.payment'),
      `${c.coinAmount} ${c.coin} · ${t('chain.rate', { rate: rateMoney(c.rate), at: formatDateTime(c.rateAt) })}`,
    ],
    [t('chain.transaction'), `${c.txid}:${c.vout}`],
    [t('chain.state'), state],
  ];
}

/**
 * The payout transaction asked for with the approval that settles a withdrawal (decision 057):
 * required and checked on chain for a coin with a provider, otherwise optional and recorded as not
 * verified. Its shape is checked here first; the server's refusal is shown under it too.
 */
function PayoutField({
  request,
  value,
  onChange,
  error,
}: {
  request: AdminWithdrawal;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="mt-3" data-testid="payout-field">
      <Field
        label={t(request.payoutChecked ? 'payout.label' : 'payout.labelOptional', { crypto: request.crypto })}
        hint={t(request.payoutChecked ? 'payout.hintChecked' : 'payout.hintUnchecked')}
        error={error}
        announce
      >
        {(field) => (
          <TextInput
            {...field}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            required={request.payoutChecked}
            className="font-mono text-sm"
          />
        )}
      </Field>
    </div>
  );
}

/** A recorded payout as the operator sees it: the id, whether it was checked, its confirmations. */
function payoutLine(t: TFunction, p: NonNullable<AdminWithdrawal['payout']>): string {
  if (!p.verified) return `${p.txid} · ${t('payout.unverified')}`;
  return `${p.txid} · ${t('payout.verified', { amount: p.coinAmount ?? '' })} · ${t('payout.confirmations', { count: p.confirmations ?? 0, wanted: p.confirmationsWanted ?? '' })}`;
}

export function RequestCard({
  request,
  operatorId,
  busy,
  approveError = null,
  onApprove,
  onReject,
  onProof,
  onOtherProof,
}: {
  request: AdminDeposit | AdminWithdrawal;
  /** The operator looking: the first approver cannot give the second approval. */
  operatorId?: string;
  busy: boolean;
  /** Why the server refused this card's last approval, in the operator's language. */
  approveError?: string | null;
  /** A withdrawal's settling approval carries its payout transaction's id. */
  onApprove: (input?: { payoutTxid: string }) => void;
  onReject: () => void;
  onProof?: () => void;
  /** Opens the proof of another deposit flagged as the same image. */
  onOtherProof?: (depositId: string, name: string) => void;
}) {
  const { t } = useTranslation('admin');
  const w = 'crypto' in request ? request : null;
  const d = 'hasProof' in request ? request : null;
  const rows: Array<[string, string]> = [
    [t('email'), request.user.email],
    [t('uid'), request.user.uid],
    [t('tier'), tierLine(t, request.user)],
    ...(d?.heldByLimit ? ([[t('heldByLimit.label'), heldLine(t, d.heldByLimit)]] as Array<[string, string]>) : []),
    ...(w
      ? ([
          [t('balance'), money(w.user.balance)],
          [t('crypto'), w.crypto],
          [t('address'), w.address],
          ...(w.payout ? [[t('payout.recorded'), payoutLine(t, w.payout)]] : []),
        ] as Array<[string, string]>)
      : []),
    // Where the investor said they paid: their own derived address names its index (decision 044).
    ...(d?.paidTo
      ? ([
          [
            t('paidTo'),
            `${d.paidTo.coin.replace('_', ' ')} ${d.paidTo.address}` +
              (d.paidTo.derivedIndex === null ? '' : ` (${t('derivedIndex', { index: d.paidTo.derivedIndex })})`),
          ],
        ] as Array<[string, string]>)
      : []),
    // What the chain shows of a deposit made from a payment (decision 059), as the watcher sees it now.
    ...(d?.chain ? chainRows(t, d.chain) : []),
    [t('createdAt'), formatDateTime(request.createdAt)],
    ...(request.processedAt
      ? ([[t('processedAt'), formatDateTime(request.processedAt)]] as Array<[string, string]>)
      : []),
    ...(request.firstApproval
      ? ([
          [
            t('firstApproval'),
            `${request.firstApproval.name} (${request.firstApproval.email}) · ${formatDateTime(request.firstApproval.at)}`,
          ],
        ] as Array<[string, string]>)
      : []),
    ...(request.adminNotes ? ([[t('notes'), request.adminNotes]] as Array<[string, string]>) : []),
    ...(request.reason
      ? ([[t('reason'), reasonTexts[currentLanguage()].label[request.reason]]] as Array<[string, string]>)
      : []),
    ...(request.internalNote ? ([[t('internalNote'), request.internalNote]] as Array<[string, string]>) : []),
  ];
  const { second, canApprove, canReject, note } = reviewState(request, operatorId, t, 'twoApprovalsNeeded');
  const [txid, setTxid] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  // The approval that settles: the only one, or the second under dual control.
  const settling = w !== null && canApprove && (!w.needsSecondApproval || second);
  const approve = () => {
    if (!settling) return onApprove();
    const given = txid.trim();
    if (given === '' && w.payoutChecked) return setShapeError(t('payout.required'));
    if (given !== '' && (!isCryptoType(w.crypto) || payoutTxidOf(w.crypto, given) === null))
      return setShapeError(t('payout.invalid', { crypto: w.crypto }));
    setShapeError(null);
    onApprove(given === '' ? undefined : { payoutTxid: given });
  };
  return (
    <li
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm ${tone[request.status].card}`}
      data-testid="request-card"
    >
      <div className="flex flex-wrap items-start gap-3">
        {/* At least 12rem for the name and amount: on a phone the badges go below instead of squeezing them. */}
        <div className="min-w-0 flex-1 basis-48">
          <p className="text-base font-semibold text-brand-900 [overflow-wrap:anywhere]" data-testid="requester">
            {request.user.fullName}
          </p>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{money(request.amount)}</p>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          {request.user.frozen && (
            <span className="rounded-full bg-sky-100 px-3 py-1 text-xs font-bold text-sky-900">
              {t('frozenAccount')}
            </span>
          )}
          <span
            className={`rounded-full px-3 py-1 text-xs font-bold ${second ? 'bg-orange-100 text-orange-900' : tone[request.status].badge}`}
            data-testid="request-stage"
          >
            {second ? t('awaitingSecond') : t(`status.${request.status}`)}
          </span>
        </div>
      </div>
      <CardFacts rows={rows} />
      {d && d.sameImageAs.length > 0 && <SameImage matches={d.sameImageAs} onOpen={onOtherProof} />}
      {request.versions.length > 1 && <Versions request={request} />}
      {settling && (
        <PayoutField
          request={w}
          value={txid}
          onChange={(v) => {
            setTxid(v);
            setShapeError(null);
          }}
          error={shapeError ?? approveError}
        />
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        {d &&
          (d.hasProof ? (
            <Button tone="secondary" onClick={onProof}>
              {t('viewProof')}
            </Button>
          ) : (
            <span className="self-center text-sm text-slate-500">{d.chain ? t('chain.noImage') : t('noImage')}</span>
          ))}
        {canApprove && (
          <Button tone="approve" onClick={approve} disabled={busy}>
            {second ? t('approveSecond') : t('approve')}
          </Button>
        )}
        {canReject && (
          <Button tone="danger" onClick={onReject} disabled={busy}>
            {t('reject')}
          </Button>
        )}
      </div>
      {note && <p className="mt-3 text-sm text-slate-600">{note}</p>}
    </li>
  );
}
