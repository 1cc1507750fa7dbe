import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../../../contracts/accounts';
import { Button, Card, Field, FormMessage } from '../../../components/form';
import { CodeField } from '../../../components/CodeField';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/errors';
import { useConfirmTwoFactor, useDisableTwoFactor, useEnableTwoFactor } from '../api';
import { PasswordInput } from './PasswordInput';

/** Optional TOTP: password → setup key + recovery codes → first code confirms. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const error = enable.error ?? confirm.error ?? disable.error;

  const start = (e: FormEvent) => {
    e.preventDefault();
    if (enabled) {
      disable.mutate(password, { onSuccess: () => (setPassword(''), toast(t('security.disabled'))) });
    } else {
      enable.mutate(password, { onSuccess: (data) => (setSetup(data), setPassword('')) });
    }
  };
  const finish = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim(), { onSuccess: () => (setSetup(null), setCode(''), toast(t('security.enabled'))) });
  };
  const secret = setup ? (new URL(setup.totpURI).searchParams.get('secret') ?? '') : '';

  return (
    <Card>
      <h2 className="mb-1 flex items-center gap-3 text-lg font-bold text-brand-900">
        {t('security.title')}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${enabled ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {enabled ? t('security.on') : t('security.off')}
        </span>
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('security.intro')}</p>
      {error && <FormMessage tone="error">{errorMessage(t, error)}</FormMessage>}
      {setup ? (
        <form onSubmit={finish} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-700">{t('security.scan')}</p>
          <p className="text-sm">
            <span className="font-semibold text-slate-700">{t('security.secret')} : </span>
            <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono" data-testid="totp-secret">
              {secret}
            </code>
          </p>
          <a href={setup.totpURI} className="self-start text-sm font-semibold text-brand-600 underline">
            {t('security.openApp')}
          </a>
          <div>
            <h3 className="text-sm font-semibold text-slate-800">{t('security.backupTitle')}</h3>
            <p className="mb-2 text-xs text-slate-600">{t('security.backupIntro')}</p>
            <ul className="grid grid-cols-2 gap-1 font-mono text-sm">
              {setup.backupCodes.map((c) => (
                <li key={c} className="rounded bg-slate-50 px-2 py-1">
                  {c}
                </li>
              ))}
            </ul>
          </div>
          <CodeField label={t('security.code')} value={code} onChange={setCode} />
          <Button type="submit" disabled={confirm.isPending || code.trim() === ''} className="self-start">
            {t('security.confirm')}
          </Button>
        </form>
      ) : (
        <form onSubmit={start} noValidate className="flex flex-col gap-4">
          <Field label={t('security.passwordPrompt')}>
            {(a11y) => (
              <PasswordInput
                {...a11y}
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <Button
            type="submit"
            tone={enabled ? 'danger' : 'primary'}
            disabled={!password || enable.isPending || disable.isPending}
            className="self-start"
          >
            {enabled ? t('security.disable') : t('security.enable')}
          </Button>
        </form>
      )}
    </Card>
  );
}
