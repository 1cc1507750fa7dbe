import { useTranslation } from 'react-i18next';
import type { ConversationSummary } from '../../../contracts/support';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { stateKey } from './reference';

/** The investor's past and current conversations with a person, to read again. */
export function ConversationList({
  conversations,
  onOpen,
  onBack,
}: {
  conversations: ConversationSummary[];
  onOpen: (id: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('assistant');
  const lng = currentLanguage();
  return (
    <div className="flex-1 overflow-y-auto bg-slate-50 p-4">
      <button type="button" onClick={onBack} className="mb-3 text-xs font-semibold text-brand-700 underline">
        {t('support.back')}
      </button>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('support.history')}</h3>
      {conversations.length === 0 ? (
        <p className="text-sm text-slate-700">{t('support.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="support-list">
          {conversations.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onOpen(c.id)}
                className="w-full rounded-xl bg-white px-3 py-2 text-left text-sm shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
              >
                <span className="block whitespace-nowrap font-semibold">{c.reference}</span>
                <span className="block text-xs text-slate-600">
                  {t(`choices.${c.reason === 'notUnderstood' ? 'human' : c.reason}`)} · {t(stateKey(c))} ·{' '}
                  {formatDateTime(c.updatedAt, lng)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
