import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function LoginPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.login')} />;
}
