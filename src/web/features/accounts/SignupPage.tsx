import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkSignup, DEFAULT_COUNTRY, type SignupField, type SignupInput } from '../../../core/signup';
import { Button, Card, Field, FormMessage, inputClass, TextInput } from '../../components/form';
import { DateField } from '../../components/DateField';
import { Page } from '../../components/Page';
import { useFormProblem } from '../../components/useFormProblem';
import { ApiError } from '../../lib/api';
import { errorMessage } from '../../lib/errors';
import { useSignup } from './api';
import { countryOptions, dialCode, exampleNumber } from './components/countries';
import { PasswordInput } from './components/PasswordInput';
import { TermsDialog } from './components/TermsDialog';

const empty: SignupInput = {
  firstName: '',
  lastName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  birthDate: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  acceptTerms: false,
};

export function SignupPage() {
  const { t, i18n } = useTranslation('accounts');
  const signup = useSignup();
  const [values, setValues] = useState<SignupInput>(empty);
  const problems = useFormProblem<SignupField>();
  const { problem, show } = problems;
  const [termsOpen, setTermsOpen] = useState(false);
  const [done, setDone] = useState(false);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  const set = <K extends SignupField>(field: K, value: SignupInput[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    problems.edited(field);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const checked = checkSignup(values, new Date());
    if (!checked.ok) return show({ field: checked.problem.field, message: t(`errors:${checked.problem.code}`) });
    signup.mutate(values, {
      onSuccess: () => {
        setValues({ ...empty, country: values.country });
        show(null);
        setDone(true);
      },
      onError: (err) => {
        const field =
          err instanceof ApiError && typeof err.params.field === 'string' ? (err.params.field as SignupField) : null;
        const known = err instanceof ApiError && err.code !== 'internal_error' && err.code !== 'validation_failed';
        show({ field, message: known ? errorMessage(t, err) : t('signup.failure') });
      },
    });
  };

  const errorOf = problems.errorOf;
  const text = (field: SignupField, label: string, type = 'text', autoComplete?: string, hint?: string) => (
    <Field label={label} error={errorOf(field)} hint={hint}>
      {(a11y) => (
        <TextInput
          {...a11y}
          name={field}
          type={type}
          autoComplete={autoComplete}
          value={values[field] as string}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );
  const password = (field: 'password' | 'confirmPassword', label: string, hint?: string) => (
    <Field label={label} error={errorOf(field)} hint={hint}>
      {(a11y) => (
        <PasswordInput
          {...a11y}
          name={field}
          autoComplete="new-password"
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
        />
      )}
    </Field>
  );

  return (
    <Page title={t('signup.title')} description={t('signup.intro')} width="wideForm">
      <Card className="mx-auto max-w-2xl">
        <p className="mb-5 text-slate-700">{t('signup.intro')}</p>
        {done && (
          <div className="mb-5 flex flex-col gap-3">
            <FormMessage tone="success">{t('signup.success')}</FormMessage>
            <Link to="/login" className="self-start font-semibold text-brand-600 underline hover:text-brand-700">
              {t('signup.goLogin')}
            </Link>
          </div>
        )}
        {problem && !problem.field && (
          <div className="mb-5">
            <FormMessage tone="error">{problem.message}</FormMessage>
          </div>
        )}
        <form ref={problems.ref} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {text('firstName', t('signup.firstName'), 'text', 'given-name')}
          {text('lastName', t('signup.lastName'), 'text', 'family-name')}
          {text('username', t('signup.username'), 'text', 'username', t('signup.usernameHint'))}
          {text('email', t('signup.email'), 'email', 'email')}
          {password('password', t('signup.password'), t('signup.passwordHint'))}
          {password('confirmPassword', t('signup.confirmPassword'))}
          <DateField
            label={t('signup.birthDate')}
            name="birthDate"
            autoComplete="bday"
            value={values.birthDate}
            error={errorOf('birthDate')}
            onChange={(v) => set('birthDate', v)}
          />
          <Field label={t('signup.country')} error={errorOf('country')}>
            {(a11y) => (
              <select
                {...a11y}
                name="country"
                autoComplete="country"
                value={values.country}
                onChange={(e) => set('country', e.target.value)}
                className={inputClass}
              >
                {countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name} ({c.dial})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="sm:col-span-2">
            <Field
              label={t('signup.phone')}
              error={errorOf('phone')}
              hint={t('signup.phoneHint', { example: exampleNumber(values.country) })}
            >
              {(a11y) => (
                <div className="flex">
                  <span
                    className="inline-flex shrink-0 items-center whitespace-nowrap rounded-l-lg border border-r-0 border-slate-300 bg-slate-100 px-3 font-semibold text-slate-700"
                    title={t('signup.dialCode', { code: dialCode(values.country) })}
                  >
                    {dialCode(values.country)}
                  </span>
                  <TextInput
                    {...a11y}
                    name="phone"
                    type="tel"
                    autoComplete="tel-national"
                    inputMode="tel"
                    className="rounded-l-none"
                    value={values.phone}
                    onChange={(e) => set('phone', e.target.value)}
                  />
                </div>
              )}
            </Field>
          </div>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <div className="flex items-start gap-2">
              <input
                id="acceptTerms"
                name="acceptTerms"
                type="checkbox"
                checked={values.acceptTerms}
                onChange={(e) => set('acceptTerms', e.target.checked)}
                aria-invalid={problem?.field === 'acceptTerms'}
                aria-describedby={problem?.field === 'acceptTerms' ? 'acceptTerms-error' : undefined}
                className="mt-1 h-5 w-5 accent-brand-600"
              />
              <label htmlFor="acceptTerms" className="text-sm text-slate-800">
                {t('signup.acceptTerms')}{' '}
                <button
                  type="button"
                  onClick={() => setTermsOpen(true)}
                  className="font-semibold text-brand-600 underline hover:text-brand-700"
                >
                  {t('signup.termsLink')}
                </button>
              </label>
            </div>
            {problem?.field === 'acceptTerms' && (
              <p id="acceptTerms-error" className="text-sm font-medium text-red-700">
                {problem.message}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
            <Button type="submit" disabled={signup.isPending} className="w-full sm:w-auto">
              {signup.isPending ? t('signup.submitting') : t('signup.submit')}
            </Button>
            <p className="text-sm text-slate-700">
              {t('signup.haveAccount')}{' '}
              <Link to="/login" className="font-semibold text-brand-600 underline hover:text-brand-700">
                {t('signup.loginLink')}
              </Link>
            </p>
          </div>
        </form>
      </Card>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </Page>
  );
}
