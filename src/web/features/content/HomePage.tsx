import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../components/PageMeta';
import { useMe } from '../../lib/session';
import { AreaTiles } from './AreaTiles';
import { ChartSection } from './ChartSection';
import { Hero, Section, primaryButton, secondaryButton } from './ui';

const trust = [
  { key: 'verified', icon: 'M9 12.5 11 14.5 15.5 10M12 3l7 3v5c0 4.4-3 8.3-7 9.5-4-1.2-7-5.1-7-9.5V6l7-3Z' },
  { key: 'ledger', icon: 'M4 5h16M4 10h16M4 15h10M4 20h7' },
  { key: 'transfers', icon: 'M13 3 4 14h7l-1 7 9-11h-7l1-7Z' },
] as const;

export function HomePage() {
  const { t } = useTranslation('content');
  const { data: me } = useMe();
  // A signed-in person already has an account: the closing call leads to their portfolio instead of the sign-up.
  const cta = me
    ? { title: 'home.ctaMemberTitle', body: 'home.ctaMemberBody', to: '/portfolio', action: 'home.ctaPortfolio' }
    : { title: 'home.ctaTitle', body: 'home.ctaBody', to: '/signup', action: 'home.ctaSignup' };
  return (
    <>
      <PageMeta title={t('home.metaTitle')} description={t('home.metaDescription')} />
      <Hero
        eyebrow={t('home.eyebrow')}
        title={t('home.title')}
        tagline={t('home.tagline')}
        image="home-hero"
        imageAlt={t('home.heroAlt')}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/invest" className={primaryButton}>
            {t('home.getStarted')}
          </Link>
          <Link to="/about" className={secondaryButton}>
            {t('home.learnMore')}
          </Link>
        </div>
      </Hero>

      <section aria-label={t('home.eyebrow')} className="border-b border-slate-200 bg-white">
        <ul className="mx-auto grid max-w-7xl gap-4 px-4 py-6 sm:grid-cols-3 sm:px-6">
          {trust.map((item) => (
            <li key={item.key} className="flex items-center gap-3 text-sm text-slate-700">
              <span className="inline-flex h-10 w-10 flex-none items-center justify-center rounded-full bg-brand-50 text-brand-600">
                <svg
                  viewBox="0 0 24 24"
                  className="h-5 w-5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  aria-hidden="true"
                >
                  <path d={item.icon} />
                </svg>
              </span>
              {t(`home.trust.${item.key}`)}
            </li>
          ))}
        </ul>
      </section>

      <Section id="areas-title" title={t('home.areasTitle')} lead={t('home.areasLead')}>
        <AreaTiles />
      </Section>

      <ChartSection />

      <section aria-labelledby="home-cta" className="defer-render mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-900 px-6 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-12">
          <div>
            <h2 id="home-cta" className="text-2xl font-bold">
              {t(cta.title)}
            </h2>
            <p className="mt-2 max-w-xl text-slate-200">{t(cta.body)}</p>
          </div>
          <Link to={cta.to} className={primaryButton}>
            {t(cta.action)}
          </Link>
        </div>
      </section>
    </>
  );
}
