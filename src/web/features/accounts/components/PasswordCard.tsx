import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '../../../../core/password';
import { Button, Field, FormMessage } from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import { useChangePassword } from '../api';
import { PasswordInput } from './PasswordInput';

export function PasswordCard() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!current || !next || !confirm) return setProblem(t('errors:fields_required'));
    if (next.length < MIN_PASSWORD_LENGTH) return setProblem(t('errors:password_too_short'));
    if (next !== confirm) return setProblem(t('errors:password_mismatch'));
    setProblem(null);
    change.mutate(
      { currentPassword: current, newPassword: next, confirmPassword: confirm },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirm('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-brand-900">{t('password.title')}</h2>
      {change.isSuccess && <FormMessage tone="success">{t('password.changed')}</FormMessage>}
      {(problem || change.error) && <FormMessage tone="error">{problem ?? errorMessage(t, change.error)}</FormMessage>}
      <Field label={t('password.current')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('password.new')}>
        {(a11y) => (
          <PasswordInput {...a11y} autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        )}
      </Field>
      <Field label={t('password.confirm')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={change.isPending} className="self-start">
        {t('password.save')}
      </Button>
    </form>
  );
}
