import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CHAIN_HOLD_NOTE_MAX } from '../../../contracts/chain-hold-note';
import type { ChainHold } from '../../../contracts/chain-holds';
import { Button, Field, inputClass } from '../../components/form';
import { useToasts } from '../../components/toast';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useMe } from '../../lib/session';
import { useChainHolds, useReleaseChainHold } from './chain-holds-api';

function ReleaseForm({ hold }: { hold: ChainHold }) {
  const { t } = useTranslation('backoffice');
  const toast = useToasts();
  const release = useReleaseChainHold(hold.id);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      className="mt-2 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!note.trim()) return setMissing(true);
        release.mutate(note.trim(), {
          onSuccess: () => toast.success(t('chainHolds.released')),
          onError: (err) => toast.error(errorMessage(t, err)),
        });
      }}
    >
      <Field
        label={t('chainHolds.note')}
        hint={t('chainHolds.noteHint')}
        error={missing && !note.trim() ? t('chainHolds.noteRequired') : null}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            rows={2}
            required
            maxLength={CHAIN_HOLD_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={inputClass}
          />
        )}
      </Field>
      <div>
        <Button type="submit" tone="danger" disabled={release.isPending}>
          {t('chainHolds.release')}
        </Button>
      </div>
    </form>
  );
}

function HoldItem({ hold, withPerson }: { hold: ChainHold; withPerson: boolean }) {
  const { t } = useTranslation('backoffice');
  const { data: me } = useMe();
  const own = me?.id === hold.user.id;
  return (
    <li className="py-3 text-sm" data-testid="chain-hold" data-user={hold.user.uid}>
      {withPerson && (
        <p>
          <Link
            to={`/admin/users?id=${encodeURIComponent(hold.user.id)}`}
            className="font-semibold text-brand-700 underline"
          >
            {hold.user.fullName} · <span className="font-mono">{hold.user.uid}</span>
          </Link>
        </p>
      )}
      <dl className="grid gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('chainHolds.amount')}</dt>
        <dd className="tabular-nums">{hold.amount ? `${hold.amount} ${hold.coin}` : hold.coin}</dd>
        <dt className="text-slate-600">{t('chainHolds.transaction')}</dt>
        <dd className="break-all font-mono text-xs">
          {hold.txid}:{hold.vout}
        </dd>
        <dt className="text-slate-600">{t('chainHolds.block')}</dt>
        <dd className="break-all font-mono text-xs">{hold.blockHash}</dd>
      </dl>
      <p className="mt-1 text-slate-600">{t('chainHolds.raisedAt', { at: formatDateTime(hold.raisedAt) })}</p>
      {own ? <p className="mt-2 text-slate-700">{t('chainHolds.own')}</p> : <ReleaseForm hold={hold} />}
    </li>
  );
}

/**
 * The open blockchain holds (decision 058), as an alert: on the overview, everyone's; on a person's
 * page, theirs. Nothing while there is none. Each is released with a note.
 */
export function ChainHolds({ userId }: { userId?: string }) {
  const { t } = useTranslation('backoffice');
  const { data } = useChainHolds(userId);
  if (!data || data.open === 0) return null;
  const title = userId ? t('chainHolds.userTitle') : t('chainHolds.title');
  return (
    <section
      aria-label={title}
      data-testid={userId ? 'user-chain-holds' : 'chain-holds'}
      className="rounded-xl border border-red-500 bg-white p-4 shadow-sm ring-2 ring-red-200"
    >
      <h2 className="mb-2 text-lg font-semibold text-brand-900">{title}</h2>
      <p className="text-sm font-bold text-red-700" role="alert">
        {t('chainHolds.open', { count: data.open })}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t('chainHolds.help')}</p>
      <ul className="divide-y divide-slate-100">
        {data.holds.map((h) => (
          <HoldItem key={h.id} hold={h} withPerson={!userId} />
        ))}
      </ul>
    </section>
  );
}
