import { useTranslation } from 'react-i18next';
import type { Me } from '../../../../contracts/me';
import { Button, Card } from '../../../components/form';
import { useToast } from '../../../components/toast';
import { money } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';

export function ProfileDetails({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const toast = useToast();
  const country = me.countryNames[currentLanguage()];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(me.uid);
      toast(t('profile.copied'));
    } catch {
      toast(t('profile.copyFailed'), 'error');
    }
  };
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-2.5 last:border-0 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-all font-semibold text-brand-900 sm:text-right" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <Card>
      <h2 className="mb-2 text-lg font-bold text-brand-900">{t('profile.details')}</h2>
      <dl>
        {row(t('profile.fullName'), me.fullName)}
        {row(
          t('profile.uid'),
          <span className="inline-flex items-center gap-2">
            <span className="font-mono" data-testid="profile-uid">
              {me.uid}
            </span>
            <Button
              tone="secondary"
              className="px-2.5 py-1 text-xs"
              onClick={() => void copy()}
              aria-label={`${t('profile.copy')} ${t('profile.uid')}`}
            >
              {t('profile.copy')}
            </Button>
          </span>,
        )}
        {row(t('profile.email'), me.email)}
        {row(t('profile.country'), country)}
        {row(t('profile.totalInvested'), money(me.totalInvested), 'profile-total-invested')}
      </dl>
    </Card>
  );
}
