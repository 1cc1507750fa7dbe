import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/form';
import { nonceQuery } from '../api';

/** The secret the verifiers of the proof of liabilities need: shown to its owner only. */
export function AccountNonceCard() {
  const { t } = useTranslation('accounts');
  const nonce = useQuery(nonceQuery);
  return (
    <Card>
      <h2 className="text-lg font-semibold text-brand-900">
        <Link to="/preuve-de-passif" className="hover:underline">
          {t('liabilitiesNonce.title')}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('liabilitiesNonce.body')}</p>
      <p className="mt-3 text-sm font-semibold text-slate-800">{t('liabilitiesNonce.label')}</p>
      {nonce.data && (
        <p className="mt-1 font-mono text-sm break-all text-slate-900" data-testid="account-nonce">
          {nonce.data.nonce}
        </p>
      )}
      {nonce.isError && <p className="mt-1 text-sm text-red-700">{t('liabilitiesNonce.loadFailed')}</p>}
    </Card>
  );
}
