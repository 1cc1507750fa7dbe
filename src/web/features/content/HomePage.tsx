import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../components/PageMeta';

const areas = [
  { to: '/crypto', key: 'crypto', accent: 'from-amber-400 to-yellow-500' },
  { to: '/trading', key: 'trading', accent: 'from-rose-500 to-red-600' },
  { to: '/stocks', key: 'stocks', accent: 'from-sky-500 to-blue-600' },
  { to: '/real-estate', key: 'realEstate', accent: 'from-emerald-500 to-green-600' },
] as const;

export function HomePage() {
  const { t } = useTranslation('content');
  return (
    <>
      <PageMeta title={t('home.metaTitle')} description={t('home.metaDescription')} />
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{t('home.title')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{t('home.tagline')}</p>
          <Link to="/invest" className="mt-8 inline-flex items-center rounded-lg bg-gold-500 px-6 py-3 text-base font-bold text-brand-900 shadow hover:bg-gold-400">
            {t('home.getStarted')}
          </Link>
        </div>
      </section>
      <section aria-labelledby="areas-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="areas-title" className="text-2xl font-bold text-brand-900">
          {t('home.areasTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {areas.map((area) => (
            <li key={area.key}>
              <Link to={area.to} className="group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
                <span className={`block h-1.5 w-12 rounded-full bg-gradient-to-r ${area.accent}`} aria-hidden="true" />
                <span className="mt-4 block text-lg font-semibold text-brand-900 group-hover:text-brand-600">{t(`areas.${area.key}.title`)}</span>
                <span className="mt-2 block text-sm text-slate-600">{t(`areas.${area.key}.summary`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
