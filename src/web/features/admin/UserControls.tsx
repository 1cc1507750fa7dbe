import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserDetail } from '../../../contracts/backoffice';
import { AuditList } from './AuditRows';
import { useUserAudit } from './backoffice-api';
import { FreezePanel } from './FreezePanel';

/** On a user's page, between the profile and the money: freeze / unfreeze, and what the trail says about them. */
export function UserControls({ user }: { user: UserDetail }) {
  const { t } = useTranslation('backoffice');
  const audit = useUserAudit(user.profile.id);
  return (
    <>
      <FreezePanel initialUid={user.profile.uid} />
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="user-audit-title">
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <h2 id="user-audit-title" className="text-lg font-semibold text-brand-900">
            {t('userAudit.title')}
          </h2>
          <Link
            to={`/admin/audit?target=${encodeURIComponent(user.profile.uid)}`}
            className="ml-auto text-sm font-semibold text-brand-700 underline"
          >
            {t('userAudit.open')}
          </Link>
        </div>
        <p className="mb-3 text-sm text-slate-600">{t('userAudit.help')}</p>
        <AuditList
          audit={audit}
          label={t('userAudit.title')}
          empty={<p className="text-sm text-slate-600">{t('audit.none')}</p>}
        />
      </section>
    </>
  );
}
