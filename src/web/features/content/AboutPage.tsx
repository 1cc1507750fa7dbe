import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function AboutPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.about')} />;
}
