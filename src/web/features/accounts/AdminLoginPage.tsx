import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../components/form';
import { Page } from '../../components/Page';
import { LoginForm } from './components/LoginForm';
import { TwoFactorStep } from './components/TwoFactorStep';

/** Operators sign in here; the server refuses any account without the admin role. */
export function AdminLoginPage() {
  const { t } = useTranslation(['common', 'accounts']);
  const navigate = useNavigate();
  const [twoFactor, setTwoFactor] = useState(false);
  const done = () => navigate('/admin', { replace: true });
  return (
    <Page title={t('titles.adminLogin')} width="form">
      <Card className="mx-auto max-w-md">
        {twoFactor ? (
          <TwoFactorStep onDone={done} onBack={() => setTwoFactor(false)} />
        ) : (
          <>
            <p className="mb-5 text-slate-700">{t('accounts:adminLogin.intro')}</p>
            <LoginForm admin onDone={done} onTwoFactor={() => setTwoFactor(true)} />
          </>
        )}
        <Link to="/" className="mt-6 inline-block text-sm font-semibold text-brand-600 underline hover:text-brand-700">
          ← {t('accounts:adminLogin.backHome')}
        </Link>
      </Card>
    </Page>
  );
}
