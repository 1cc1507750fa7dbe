import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { newPasswordProblem, type NewPasswordField } from '../../../core/password';
import { Button, Card, Field, FormMessage, TextInput } from '../../components/form';
import { Page } from '../../components/Page';
import { useFormProblem } from '../../components/useFormProblem';
import { errorMessage } from '../../lib/errors';
import { useForgotPassword, useResetPassword } from './api';
import { PasswordField } from './components/PasswordField';

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
  const form = useFormProblem<NewPasswordField>();
  const [values, setValues] = useState<Record<NewPasswordField, string>>({ newPassword: '', confirmPassword: '' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const wrong = newPasswordProblem(values.newPassword, values.confirmPassword);
    if (wrong) return form.show({ field: wrong.field, message: t(`errors:${wrong.code}`) });
    form.show(null);
    reset.mutate(
      { token, ...values },
      // The link's own problems (expired, used) are the form's, not a field's.
      { onError: (err) => form.show({ field: null, message: errorMessage(t, err) }) },
    );
  };
  const field = (name: NewPasswordField, label: string, hint?: string) => (
    <PasswordField
      form={form}
      name={name}
      label={label}
      hint={hint}
      autoComplete="new-password"
      value={values[name]}
      onChange={(value) => setValues((all) => ({ ...all, [name]: value }))}
    />
  );
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
    <form ref={form.ref} onSubmit={submit} noValidate className="mt-2 flex flex-col gap-4">
      {form.problem && (
        <FormMessage id={form.messageId} tone="error">
          {form.problem.message}
        </FormMessage>
      )}
      {field('newPassword', t('reset.newPassword'), t('signup.passwordHint'))}
      {field('confirmPassword', t('reset.confirmPassword'))}
      <Button type="submit" disabled={reset.isPending}>
        {t('reset.save')}
      </Button>
    </form>
  );
}
