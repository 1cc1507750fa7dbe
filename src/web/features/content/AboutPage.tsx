import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../components/PageMeta';
import { AreaTiles } from './AreaTiles';
import { CheckList, CtaLink, Hero, Section } from './ui';

const pillars = [
  { key: 'mission', icon: 'M12 2 3 7v6c0 5 3.8 8.7 9 9 5.2-.3 9-4 9-9V7l-9-5Zm0 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6Z' },
  {
    key: 'security',
    icon: 'M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z',
  },
  { key: 'performance', icon: 'M3 17h2v4H3v-4Zm4-5h2v9H7v-9Zm4 3h2v6h-2v-6Zm4-7h2v13h-2V8Zm4-5h2v18h-2V3Z' },
  {
    key: 'support',
    icon: 'M12 2a9 9 0 0 0-9 9v5a3 3 0 0 0 3 3h2v-7H5v-1a7 7 0 0 1 14 0v1h-3v7h3a3 3 0 0 1-3 3h-3v2h3a5 5 0 0 0 5-5v-6a9 9 0 0 0-9-9Z',
  },
] as const;
const reasons = ['oneAccount', 'verified', 'instant', 'transparent', 'languages'] as const;

export function AboutPage() {
  const { t } = useTranslation(['pages', 'content'], { nsMode: 'fallback' });
  return (
    <>
      <PageMeta title={t('about.metaTitle')} description={t('about.metaDescription')} />
      <Hero
        eyebrow={t('about.eyebrow')}
        title={t('about.title')}
        tagline={t('about.lead')}
        image="about-hero"
        imageAlt={t('about.heroAlt')}
      />

      <section aria-label={t('about.eyebrow')} className="mx-auto max-w-7xl px-4 pt-14 sm:px-6">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {pillars.map((p) => (
            <li key={p.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <svg viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor" aria-hidden="true">
                  <path d={p.icon} />
                </svg>
              </span>
              <h2 className="mt-4 text-lg font-semibold text-brand-900">{t(`about.pillars.${p.key}.title`)}</h2>
              <p className="mt-2 text-sm text-slate-600">{t(`about.pillars.${p.key}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <Section id="about-domains" title={t('about.domainsTitle')}>
        <AreaTiles />
      </Section>

      <Section id="about-why" title={t('about.whyTitle')} tinted>
        <CheckList items={reasons.map((r) => t(`about.why.${r}`))} />
      </Section>

      <section aria-labelledby="about-cta" className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <div className="rounded-3xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="about-cta" className="text-2xl font-bold sm:text-3xl">
            {t('about.ctaTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-200">{t('about.ctaBody')}</p>
          <div className="mt-8">
            <CtaLink>{t('about.cta')}</CtaLink>
          </div>
        </div>
      </section>
    </>
  );
}
