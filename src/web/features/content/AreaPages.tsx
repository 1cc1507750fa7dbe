import { useTranslation } from 'react-i18next';
import { Page } from '../../components/Page';

export function CryptoPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.crypto')} />;
}
export function TradingPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.trading')} />;
}
export function StocksPage() {
  const { t } = useTranslation();
  return <Page title={t('titles.stocks')} />;
}
export function RealEstatePage() {
  const { t } = useTranslation();
  return <Page title={t('titles.realEstate')} />;
}
