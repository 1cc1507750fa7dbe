import { useTranslation } from 'react-i18next';
import type { ProofMatch } from '../../../contracts/proof-match';
import { formatDateTime, money } from '../../lib/format';
import { SameImageNote } from './CardParts';

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
    <SameImageNote title={t('sameImage.title')}>
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
    </SameImageNote>
  );
}
