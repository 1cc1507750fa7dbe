import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function AdminLoginPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.adminLogin')} />;
}
