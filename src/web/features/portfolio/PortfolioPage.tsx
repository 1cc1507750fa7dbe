import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function PortfolioPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.portfolio')} />;
}
