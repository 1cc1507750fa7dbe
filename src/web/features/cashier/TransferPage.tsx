import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function TransferPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.transfer')} />;
}
