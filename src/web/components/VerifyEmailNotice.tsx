import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Me } from '../../contracts/me';
import { api } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { Button } from './form';

/** Withdrawals and transfers out need a confirmed address: says so, and offers a new link. */
export function VerifyEmailNotice({ me }: { me: Me | null | undefined }) {
  const { t } = useTranslation('common');
  const resend = useMutation({
    mutationFn: () => api('/api/accounts/verify-email/resend', { method: 'POST', body: {} }),
  });
  if (!me || me.emailVerified) return null;
  return (
    <div
      role="status"
      data-testid="verify-email-notice"
      className="mb-6 flex flex-col gap-3 rounded-xl border-2 border-amber-500 bg-amber-50 px-4 py-3 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-semibold">{t('security.verifyNotice', { email: me.email })}</p>
      <div className="shrink-0">
        {resend.isSuccess ? (
          <p className="text-sm">{t('security.verifySent', { email: me.email })}</p>
        ) : (
          <Button tone="secondary" disabled={resend.isPending} onClick={() => resend.mutate()}>
            {resend.isPending ? t('security.verifySending') : t('security.verifyResend')}
          </Button>
        )}
        {resend.error && <p className="mt-1 text-sm text-red-800">{errorMessage(t, resend.error)}</p>}
      </div>
    </div>
  );
}
