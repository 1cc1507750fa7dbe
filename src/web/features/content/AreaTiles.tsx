import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Illustration } from './ui';

const tiles = [
  { to: '/crypto', key: 'crypto', image: 'crypto-hero' },
  { to: '/trading', key: 'trading', image: 'trading-hero' },
  { to: '/stocks', key: 'stocks', image: 'stocks-hero' },
  { to: '/real-estate', key: 'realEstate', image: 'real-estate-hero' },
] as const;

/** The four areas as link tiles (home and about). The image is decorative: the title names the link. */
export function AreaTiles() {
  const { t } = useTranslation('content');
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="area-tiles">
      {tiles.map((tile) => (
        <li key={tile.key}>
          <Link
            to={tile.to}
            className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg"
          >
            <Illustration name={tile.image} alt="" className="transition group-hover:scale-[1.02]" />
            <span className="flex flex-1 flex-col p-5">
              <span className="text-lg font-semibold text-brand-900 group-hover:text-brand-600">
                {t(`areas.${tile.key}.title`)}
              </span>
              <span className="mt-2 flex-1 text-sm text-slate-600">{t(`areas.${tile.key}.summary`)}</span>
              <span className="mt-4 text-sm font-semibold text-brand-600" aria-hidden="true">
                {t('home.explore')} →
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
