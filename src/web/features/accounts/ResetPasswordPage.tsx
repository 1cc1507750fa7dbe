import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '../../../core/password';
import { Button, Card, Field, FormMessage, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { useForgotPassword, useResetPassword } from './api';
import { PasswordInput } from './components/PasswordInput';

/** Without a token: ask for the link by e-mail. With the token from that link: choose the new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const token = params.get('token');
  const error = params.get('error');
  return (
    <Page title={token ? t('reset.newTitle') : t('reset.title')} width="form">
      <Card className="mx-auto max-w-md">
        {error && <FormMessage tone="error">{t('errors:reset_link_invalid')}</FormMessage>}
        {token ? <NewPassword token={token} /> : <RequestLink />}
      </Card>
    </Page>
  );
}

function RequestLink() {
  const { t } = useTranslation('accounts');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setProblem(t('errors:login_fields_required'));
    setProblem(null);
    forgot.mutate(email.trim());
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      <p className="text-slate-700">{t('reset.intro')}</p>
      {forgot.isSuccess && <FormMessage tone="success">{t('reset.sent')}</FormMessage>}
      {(problem || forgot.error) && <FormMessage tone="error">{problem ?? errorMessage(t, forgot.error)}</FormMessage>}
      <Field label={t('reset.email')}>
        {(a11y) => (
          <TextInput
            {...a11y}
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={forgot.isPending}>
        {forgot.isPending ? t('reset.sending') : t('reset.send')}
      </Button>
    </form>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!password || !confirm) return setProblem(t('errors:fields_required'));
    if (password.length < MIN_PASSWORD_LENGTH) return setProblem(t('errors:password_too_short'));
    if (password !== confirm) return setProblem(t('errors:password_mismatch'));
    setProblem(null);
    reset.mutate({ token, newPassword: password, confirmPassword: confirm });
  };
  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <FormMessage tone="success">{t('reset.saved')}</FormMessage>
        <Link to="/login" className="self-start font-semibold text-brand-600 underline">
          {t('reset.goLogin')}
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      {(problem || reset.error) && <FormMessage tone="error">{problem ?? errorMessage(t, reset.error)}</FormMessage>}
      <Field label={t('reset.newPassword')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            name="newPassword"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('reset.confirmPassword')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            name="confirmPassword"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={reset.isPending}>
        {t('reset.save')}
      </Button>
    </form>
  );
}
