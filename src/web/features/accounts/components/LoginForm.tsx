import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, FormMessage, TextInput } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useLogin } from '../api';
import { PasswordInput } from './PasswordInput';

/** Email + password, for investors and (with `admin`) for operators. */
export function LoginForm({
  admin = false,
  onDone,
  onTwoFactor,
}: {
  admin?: boolean;
  onDone: () => void;
  onTwoFactor: () => void;
}) {
  const { t } = useTranslation('accounts');
  const login = useLogin(admin);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) return setProblem(t('errors:login_fields_required'));
    setProblem(null);
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (result) => (result.twoFactorRequired ? onTwoFactor() : onDone()),
        onError: (err) =>
          setProblem(
            err instanceof ApiError && err.code !== 'internal_error' ? errorMessage(t, err) : t('login.failure'),
          ),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <Field label={admin ? t('adminLogin.email') : t('login.email')}>
        {(a11y) => (
          <TextInput
            {...a11y}
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('login.password')}>
        {(a11y) => (
          <PasswordInput
            {...a11y}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : admin ? t('adminLogin.submit') : t('login.submit')}
      </Button>
    </form>
  );
}
