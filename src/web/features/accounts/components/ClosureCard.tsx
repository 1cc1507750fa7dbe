import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Field, FormMessage } from '../../../components/form';
import { CodeField } from '../../../components/CodeField';
import { errorMessage } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { useCancelClosure, useClosure, useRequestClosure } from '../closure-api';
import { ClosureWaitList } from './ClosureWaitList';
import { PasswordInput } from './PasswordInput';

/**
 * "Clôturer mon compte" (decision 039): asked with the password again, and the authenticator's
 * code when two-factor is on; then the state, what it waits for with the exact dates, and a way
 * back until it is closed.
 */
export function ClosureCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const { t } = useTranslation(['closure', 'accounts']);
  const { data: closure } = useClosure();
  const request = useRequestClosure();
  const cancel = useCancelClosure();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || (twoFactorEnabled && !code.trim())) return setProblem(t('errors:fields_required'));
    setProblem(null);
    request.mutate(
      { password, ...(twoFactorEnabled ? { code: code.trim() } : {}) },
      { onSuccess: () => (setPassword(''), setCode(''), setOpen(false)) },
    );
  };
  const state = closure?.state ?? null;
  return (
    <Card className="lg:col-span-2">
      <div className="flex flex-col gap-4" data-testid="closure-card">
        <h2 className="text-lg font-bold text-brand-900">{t('closure:title')}</h2>
        {state === null && (
          <>
            <p className="text-sm text-slate-700">{t('closure:intro')}</p>
            {cancel.isSuccess && <FormMessage tone="success">{t('closure:cancelled')}</FormMessage>}
            {!open ? (
              <Button tone="danger" className="self-start" onClick={() => setOpen(true)}>
                {t('closure:start')}
              </Button>
            ) : (
              <form onSubmit={submit} noValidate className="flex flex-col gap-4">
                <FormMessage tone="info">{t('closure:confirmText')}</FormMessage>
                {(problem || request.error) && (
                  <FormMessage tone="error">{problem ?? errorMessage(t, request.error)}</FormMessage>
                )}
                <Field label={t('closure:password')}>
                  {(a11y) => (
                    <PasswordInput
                      {...a11y}
                      autoComplete="current-password"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                    />
                  )}
                </Field>
                {twoFactorEnabled && <CodeField label={t('closure:code')} value={code} onChange={setCode} />}
                <div className="flex flex-wrap gap-3">
                  <Button type="submit" tone="danger" disabled={request.isPending}>
                    {t('closure:confirm')}
                  </Button>
                  <Button
                    tone="secondary"
                    onClick={() => (setOpen(false), setPassword(''), setCode(''), setProblem(null))}
                  >
                    {t('closure:back')}
                  </Button>
                </div>
              </form>
            )}
          </>
        )}
        {state !== null && state !== 'closed' && closure && (
          <>
            <p className="text-sm font-semibold text-amber-800" data-testid="closure-state">
              {t(`closure:state.${state}`)}
            </p>
            <p className="text-sm text-slate-700">
              {t('closure:requestedOn', { date: formatDate(closure.requestedAt!) })} {t('closure:noMoneyIn')}
            </p>
            {closure.waits.length > 0 && <ClosureWaitList waits={closure.waits} />}
            {cancel.error && <FormMessage tone="error">{errorMessage(t, cancel.error)}</FormMessage>}
            {closure.canCancel && (
              <Button
                tone="secondary"
                className="self-start"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                {t('closure:cancel')}
              </Button>
            )}
          </>
        )}
      </div>
    </Card>
  );
}
