import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function SignupPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.signup')} />;
}
