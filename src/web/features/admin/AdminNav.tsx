import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const links = [
  { to: '/admin', key: 'queue', end: true },
  { to: '/admin/overview', key: 'overview', end: true },
  { to: '/admin/users', key: 'users', end: false },
  { to: '/admin/audit', key: 'audit', end: true },
  { to: '/admin/support', key: 'support', end: true },
  { to: '/admin/alerts', key: 'alerts', end: true },
] as const;

/** Between the operators' screens: the queue, the overview, the users, the audit trail, the support inbox, the monitoring alerts. */
export function AdminNav() {
  const { t } = useTranslation('backoffice');
  return (
    <nav aria-label={t('nav.label')} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {links.map((l) => (
          <li key={l.to}>
            <NavLink
              to={l.to}
              end={l.end}
              className={({ isActive }) =>
                `inline-block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-brand-700 text-white' : 'bg-white text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50'}`
              }
            >
              {t(`nav.${l.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
