import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, FormMessage, TextInput } from '../../../components/form';
import { errorMessage } from '../../../lib/errors';
import { useVerifyTwoFactor } from '../api';

/** The second step of a sign-in: a TOTP code, or one of the recovery codes. */
export function TwoFactorStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation('accounts');
  const verify = useVerifyTwoFactor();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate({ code: code.trim(), recovery, trustDevice }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <h2 className="text-xl font-bold text-brand-900">{t('twoFactor.title')}</h2>
      <p className="text-slate-700">{recovery ? t('twoFactor.introRecovery') : t('twoFactor.intro')}</p>
      {verify.error && <FormMessage tone="error">{errorMessage(t, verify.error)}</FormMessage>}
      <Field label={recovery ? t('twoFactor.recoveryCode') : t('twoFactor.code')}>
        {(a11y) => (
          <TextInput
            {...a11y}
            name="code"
            // The step replaces the password form: focus moves to its only field, as a screen reader expects.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={trustDevice}
          onChange={(e) => setTrustDevice(e.target.checked)}
          className="h-5 w-5 accent-brand-600"
        />
        {t('twoFactor.trustDevice')}
      </label>
      <Button type="submit" disabled={verify.isPending || code.trim() === ''}>
        {t('twoFactor.verify')}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            verify.reset();
          }}
          className="font-semibold text-brand-600 underline"
        >
          {recovery ? t('twoFactor.useCode') : t('twoFactor.useRecovery')}
        </button>
        <button type="button" onClick={onBack} className="font-semibold text-slate-700 underline">
          {t('twoFactor.back')}
        </button>
      </div>
    </form>
  );
}
