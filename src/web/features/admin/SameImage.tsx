import { useTranslation } from 'react-i18next';
import type { ProofMatch } from '../../../contracts/proof-match';
import { formatDateTime, money } from '../../lib/format';

/** The warning on a deposit card whose proof is the same image as other deposits' (decision 019). */
export function SameImage({
  matches,
  onOpen,
}: {
  matches: ProofMatch[];
  onOpen?: (depositId: string, name: string) => void;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <div
      className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900"
      role="note"
      aria-label={t('sameImage.title')}
      data-testid="same-image"
    >
      <p className="font-bold">{t('sameImage.title')}</p>
      <ul className="mt-1 flex flex-col gap-1">
        {matches.map((m) => {
          const date = formatDateTime(m.createdAt);
          return (
            <li key={m.depositId} className="flex flex-col items-start gap-1">
              <span className="min-w-0 max-w-full [overflow-wrap:anywhere]">
                {t(`sameImage.${m.kind}`, { amount: money(m.amount), name: m.user.fullName, uid: m.user.uid, date })}
              </span>
              {onOpen && (
                <button
                  type="button"
                  className="font-semibold text-red-900 underline"
                  onClick={() => onOpen(m.depositId, m.user.fullName)}
                  aria-label={t('sameImage.openLabel', { name: m.user.fullName, date })}
                >
                  {t('sameImage.open')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
