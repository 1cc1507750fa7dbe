import { useTranslation } from 'react-i18next';
import { fromDecimalString } from '../../../../core/money';
import type { Portfolio } from '../../../../contracts/portfolio';
import { Card, Stat } from '../../../components/form';
import { formatAge, money, percentText } from '../../../lib/format';

export function Stats({ portfolio }: { portfolio: Portfolio | undefined }) {
  const { t } = useTranslation('portfolio');
  const s = portfolio?.stats;
  const gain = s ? fromDecimalString(s.gain) : 0;
  const tone = gain > 0 ? 'positive' : gain < 0 ? 'negative' : 'default';
  // Same decimal sign as the allocation's shares in the current language.
  const roi = s ? `${gain > 0 ? '+' : ''}${percentText(s.roi)}` : '—';
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" data-testid="portfolio-stats">
      <Card>
        <Stat label={t('stats.totalValue')} value={s ? money(s.totalValue) : '—'} />
      </Card>
      <Card>
        <Stat label={t('stats.invested')} value={s ? money(s.invested) : '—'} tone="muted" />
      </Card>
      <Card>
        <Stat label={t('stats.gain')} value={s ? `${gain > 0 ? '+' : ''}${money(s.gain)}` : '—'} tone={tone} />
      </Card>
      <Card>
        <Stat label={t('stats.roi')} value={roi} tone={tone} />
      </Card>
    </div>
  );
}

/** Two lines of notice on a phone, one from lg: the loading placeholder and the notice are the same height. */
const noticeBox = 'min-h-[3.625rem] lg:min-h-[2.375rem]';

/** Which BTC price the crypto values use, how old it is, and a warning when it is stale or missing. */
export function PriceNotice({ portfolio, loading }: { portfolio: Portfolio | undefined; loading: boolean }) {
  const { t } = useTranslation('portfolio');
  // The notice's place is kept while the portfolio loads, so the figures and charts below do not
  // move when it arrives (only a portfolio without crypto gives the place back, once).
  if (loading) return <div className={noticeBox} aria-hidden="true" data-testid="price-notice-slot" />;
  // The allocation counts every active investment; the list may show only the newest ones.
  if (!portfolio || !portfolio.allocation.some((a) => a.area === 'crypto' && a.invested !== '0.00')) return null;
  const { price } = portfolio;
  if (price.btc === null) {
    return (
      <p
        role="status"
        className={`${noticeBox} rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900`}
      >
        {t('price.missing')}
      </p>
    );
  }
  const label = t('price.label', { price: money(price.btc), age: formatAge(price.ageSeconds ?? 0, t('price.ageNow')) });
  return (
    <p
      role="status"
      data-testid="price-notice"
      className={`${noticeBox} rounded-lg border px-4 py-2 text-sm ${price.stale ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
    >
      {label}
      {price.stale && <strong className="ml-1 font-semibold">{t('price.stale')}</strong>}
    </p>
  );
}
