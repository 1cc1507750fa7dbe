import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordProblem, type NewPasswordField } from '../../../../core/password';
import { Button, FormMessage } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { useFormProblem } from '../../../components/useFormProblem';
import { useChangePassword } from '../api';
import { PasswordField } from './PasswordField';

/** The card's inputs, by their `name`. */
type CardField = 'currentPassword' | NewPasswordField;

/** The server's refusals that concern one field. */
const fieldOfCode: Partial<Record<string, CardField>> = {
  wrong_password: 'currentPassword',
  password_too_short: 'newPassword',
  password_mismatch: 'confirmPassword',
};

export function PasswordCard() {
  const { t } = useTranslation('accounts');
  const change = useChangePassword();
  const form = useFormProblem<CardField>();
  const [values, setValues] = useState<Record<CardField, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = values;
    if (!currentPassword) return form.show({ field: 'currentPassword', message: t('errors:fields_required') });
    const wrong = newPasswordProblem(newPassword, confirmPassword);
    if (wrong) return form.show({ field: wrong.field, message: t(`errors:${wrong.code}`) });
    form.show(null);
    change.mutate(
      { currentPassword, newPassword, confirmPassword },
      {
        onSuccess: () => setValues({ currentPassword: '', newPassword: '', confirmPassword: '' }),
        onError: (err) =>
          form.show({
            field: (err instanceof ApiError && fieldOfCode[err.code]) || null,
            message: errorMessage(t, err),
          }),
      },
    );
  };
  const field = (name: CardField, label: string, autoComplete: 'current-password' | 'new-password', hint?: string) => (
    <PasswordField
      form={form}
      name={name}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => setValues((all) => ({ ...all, [name]: value }))}
    />
  );
  return (
    <form ref={form.ref} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-brand-900">{t('password.title')}</h2>
      {change.isSuccess && <FormMessage tone="success">{t('password.changed')}</FormMessage>}
      {form.problem && (
        <FormMessage id={form.messageId} tone="error">
          {form.problem.message}
        </FormMessage>
      )}
      {field('currentPassword', t('password.current'), 'current-password')}
      {field('newPassword', t('password.new'), 'new-password', t('signup.passwordHint'))}
      {field('confirmPassword', t('password.confirm'), 'new-password')}
      <Button type="submit" disabled={change.isPending} className="self-start">
        {t('password.save')}
      </Button>
    </form>
  );
}
