import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/PageMeta';
import { CheckList, CtaLink, Hero, ImageCard, RateNotice, RiskNotice, Section, useRateText } from './ui';

type AreaKey = 'crypto' | 'trading' | 'stocks' | 'realEstate';
type RateKind = Parameters<ReturnType<typeof useRateText>>[0];

interface Area {
  key: AreaKey;
  /** File-name prefix of its illustrations in public/img. */
  image: string;
  cards: string[];
  why: string[];
  options: string[];
  /** Options labelled with an advertised rate (spec §2: real estate). */
  optionRates?: Record<string, RateKind>;
  heroRate?: RateKind;
  warning: 'risksTitle' | 'considerationsTitle';
  cta: 'startInvesting' | 'startTrading';
}

const areas: Record<AreaKey, Area> = {
  crypto: {
    key: 'crypto',
    image: 'crypto',
    cards: ['market', 'blockchain', 'valuation'],
    why: ['growth', 'diversification', 'access', 'transparency'],
    options: ['trading', 'defi', 'majors', 'altcoins', 'nfts', 'staking'],
    warning: 'risksTitle',
    cta: 'startInvesting',
  },
  trading: {
    key: 'trading',
    image: 'trading',
    cards: ['analysis', 'strategies', 'risk'],
    why: ['active', 'markets', 'both', 'experts'],
    options: ['day', 'swing', 'forex', 'derivatives', 'cfds', 'scalping'],
    heroRate: 'tradingMonthly',
    warning: 'risksTitle',
    cta: 'startTrading',
  },
  stocks: {
    key: 'stocks',
    image: 'stocks',
    cards: ['companies', 'dividends', 'longTerm'],
    why: ['history', 'income', 'liquidity', 'horizon'],
    options: ['blueChips', 'dividends', 'etfs', 'growth', 'value'],
    heroRate: 'stocksYearly',
    warning: 'considerationsTitle',
    cta: 'startInvesting',
  },
  realEstate: {
    key: 'realEstate',
    image: 'real-estate',
    cards: ['residential', 'commercial', 'land'],
    why: ['tangible', 'income', 'inflation', 'diversification'],
    options: ['residential', 'commercial', 'land', 'rental', 'reits', 'crowdfunding', 'flips'],
    optionRates: {
      residential: 'realEstateQuarterly',
      commercial: 'realEstateQuarterly',
      land: 'appreciationQuarterly',
    },
    heroRate: 'realEstateQuarterly',
    warning: 'considerationsTitle',
    cta: 'startInvesting',
  },
};

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function AreaPage({ area }: { area: Area }) {
  // The page's own texts are in `pages`; what every public page shares (rates, titles) in `content`.
  const { t } = useTranslation(['pages', 'content'], { nsMode: 'fallback' });
  const rate = useRateText();
  const k = area.key;
  const cta = t(`common.${area.cta}`);
  return (
    <>
      <PageMeta title={t(`${k}.metaTitle`)} description={t(`${k}.metaDescription`)} />
      <Hero
        eyebrow={t(`${k}.eyebrow`)}
        title={t(`${k}.title`)}
        tagline={t(`${k}.tagline`)}
        image={`${area.image}-hero`}
        imageAlt={t(`${k}.heroAlt`)}
      >
        {area.heroRate && <RateNotice kind={area.heroRate} />}
        <div className="mt-8">
          <CtaLink>{cta}</CtaLink>
        </div>
      </Hero>

      <section aria-label={t(`${k}.title`)} className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        <ul className="grid gap-6 md:grid-cols-3">
          {area.cards.map((c) => (
            <ImageCard
              key={c}
              image={`${area.image}-${kebab(c)}`}
              alt={t(`${k}.cards.${c}.alt`)}
              title={t(`${k}.cards.${c}.title`)}
              body={t(`${k}.cards.${c}.body`)}
            />
          ))}
        </ul>
      </section>

      <Section id={`${k}-why`} title={t('common.whyTitle')}>
        <CheckList items={area.why.map((w) => t(`${k}.why.${w}`))} />
      </Section>

      <Section id={`${k}-options`} title={t('common.optionsTitle')} tinted>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="area-options">
          {area.options.map((o) => {
            const label = area.optionRates?.[o] ? rate(area.optionRates[o]) : null;
            return (
              <li key={o} className="rounded-xl border border-slate-200 p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-brand-900">{t(`${k}.options.${o}.title`)}</h3>
                  {label && (
                    <span className="rounded-full bg-emerald-50 px-3 py-1 text-xs font-bold text-emerald-800 ring-1 ring-emerald-200">
                      {label}
                    </span>
                  )}
                </div>
                <p className="mt-2 text-sm text-slate-600">{t(`${k}.options.${o}.body`)}</p>
              </li>
            );
          })}
        </ul>
        {area.optionRates && <p className="mt-4 text-sm text-slate-700">{t('rates.disclaimer')}</p>}
      </Section>

      <RiskNotice title={t(`common.${area.warning}`)}>{t(`${k}.warning`)}</RiskNotice>

      <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6">
        <CtaLink>{cta}</CtaLink>
      </div>
    </>
  );
}

export function CryptoPage() {
  return <AreaPage area={areas.crypto} />;
}
export function TradingPage() {
  return <AreaPage area={areas.trading} />;
}
export function StocksPage() {
  return <AreaPage area={areas.stocks} />;
}
export function RealEstatePage() {
  return <AreaPage area={areas.realEstate} />;
}
