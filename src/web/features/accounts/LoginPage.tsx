import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Card } from '../../components/form';
import { Page } from '../../components/Page';
import { LoginForm } from './components/LoginForm';
import { TwoFactorStep } from './components/TwoFactorStep';

/** Only same-site paths: a crafted ?next= must never send someone elsewhere. */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [twoFactor, setTwoFactor] = useState(false);
  const done = () => navigate(safeNext(params.get('next')), { replace: true });
  return (
    <Page title={t('login.title')} description={t('login.intro')} width="form">
      <Card className="mx-auto max-w-md">
        {twoFactor ? (
          <TwoFactorStep onDone={done} onBack={() => setTwoFactor(false)} />
        ) : (
          <>
            <p className="mb-5 text-slate-700">{t('login.intro')}</p>
            <LoginForm onDone={done} onTwoFactor={() => setTwoFactor(true)} />
            <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-5 text-sm">
              <Link
                to="/reset-password"
                className="self-start font-semibold text-brand-600 underline hover:text-brand-700"
              >
                {t('login.forgot')}
              </Link>
              <p className="text-slate-700">
                {t('login.noAccount')}{' '}
                <Link to="/signup" className="font-semibold text-brand-600 underline hover:text-brand-700">
                  {t('login.signupLink')}
                </Link>
              </p>
              <Link
                to="/admin-login"
                className="inline-flex items-center justify-center rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-brand-900 hover:bg-slate-50"
              >
                {t('login.admin')}
              </Link>
            </div>
          </>
        )}
      </Card>
    </Page>
  );
}
