import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FreezeState } from '../../../contracts/admin';
import { Button, Field, FormMessage, inputClass } from '../../components/form';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { freezeStateOf, useFreeze } from './api';

/**
 * Freezes or unfreezes an account by its UID, with a reason. Small on purpose: a later back office
 * can mount it on a user's page with the UID filled in.
 */
export function FreezePanel({ initialUid = '' }: { initialUid?: string }) {
  const { t } = useTranslation('admin');
  const [uid, setUid] = useState(initialUid);
  const [reason, setReason] = useState('');
  const [state, setState] = useState<FreezeState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const freeze = useFreeze();

  const look = async () => {
    setError(null);
    try {
      setState(await freezeStateOf(uid));
    } catch (err) {
      setState(null);
      setError(errorMessage(t, err));
    }
  };
  // Mounted on a user's page, it shows their state straight away.
  useEffect(() => {
    if (!initialUid) return;
    freezeStateOf(initialUid).then(setState, (err: unknown) => setError(errorMessage(t, err)));
  }, [initialUid, t]);
  const act = (action: 'freeze' | 'unfreeze') => {
    setError(null);
    freeze.mutate(
      { uid, action, reason },
      {
        onSuccess: (next) => {
          setState(next);
          setReason('');
        },
        onError: (err) => setError(errorMessage(t, err)),
      },
    );
  };

  return (
    <section aria-labelledby="freeze-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="freeze-title" className="text-base font-semibold text-brand-900">
        {t('freeze.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('freeze.help')}</p>
      <form
        className="mt-3 grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void look();
        }}
      >
        <Field label={t('uid')}>
          {(a11y) => (
            <input
              {...a11y}
              className={inputClass}
              value={uid}
              onChange={(e) => setUid(e.target.value)}
              autoComplete="off"
              maxLength={32}
            />
          )}
        </Field>
        <Field label={t('freeze.reason')}>
          {(a11y) => (
            <input
              {...a11y}
              className={inputClass}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
            />
          )}
        </Field>
        <Button type="submit" tone="secondary" disabled={!uid.trim()}>
          {t('freeze.look')}
        </Button>
      </form>
      {state && (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm" data-testid="freeze-state">
          <span className="font-semibold text-slate-900">
            {state.fullName} · {state.uid}
          </span>
          <span
            className={`rounded-full px-3 py-1 text-xs font-bold ${state.frozen ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-700'}`}
          >
            {state.frozen ? t('freeze.frozenSince', { date: formatDateTime(state.since!) }) : t('freeze.active')}
          </span>
          {state.frozen ? (
            <Button tone="secondary" disabled={freeze.isPending || !reason.trim()} onClick={() => act('unfreeze')}>
              {t('freeze.unfreeze')}
            </Button>
          ) : (
            <Button tone="danger" disabled={freeze.isPending || !reason.trim()} onClick={() => act('freeze')}>
              {t('freeze.freeze')}
            </Button>
          )}
          {!reason.trim() && <span className="text-slate-500">{t('freeze.reasonNeeded')}</span>}
        </div>
      )}
      {error && (
        <div className="mt-3">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </section>
  );
}
