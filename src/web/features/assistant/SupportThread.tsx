import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { useConversationThread, useWriteInConversation } from './api';
import { stateKey, WithReference } from './reference';

/**
 * A conversation with a person, live: the event stream refetches it when an operator answers
 * (lib/live.ts), and a closed one is read-only.
 */
export function SupportThread({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('assistant');
  const { data: thread, isError } = useConversationThread(id);
  const write = useWriteInConversation(id);
  const [draft, setDraft] = useState('');
  const lng = currentLanguage();

  const submit = () => {
    const body = draft.trim();
    if (!body || write.isPending) return;
    write.mutate(body, { onSuccess: () => setDraft('') });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2 text-xs">
        <button type="button" onClick={onBack} className="font-semibold text-brand-700 underline">
          {t('support.back')}
        </button>
        {thread && (
          <span className="text-slate-600" data-testid="support-reference">
            <WithReference
              text={t('support.reference', { reference: thread.reference })}
              reference={thread.reference}
            />{' '}
            · {t(stateKey(thread))}
          </span>
        )}
      </div>
      <div
        role="log"
        aria-live="polite"
        aria-label={t('support.thread')}
        tabIndex={0}
        className="flex-1 overflow-y-auto bg-slate-50 p-4"
        data-testid="support-thread"
      >
        {isError && <p role="alert">{t('support.unavailable')}</p>}
        <ol className="flex flex-col gap-3">
          {thread?.messages.map((m) => (
            <li
              key={m.id}
              className={`flex ${m.author === 'investor' ? 'justify-end' : 'justify-start'}`}
              data-author={m.author}
            >
              <div
                className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-4 py-2.5 text-sm leading-relaxed ${m.author === 'investor' ? 'rounded-br-sm bg-brand-600 text-white' : m.author === 'operator' ? 'rounded-bl-sm bg-amber-50 text-slate-900 ring-1 ring-amber-200' : 'rounded-bl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200'}`}
              >
                <span
                  className={`block text-xs font-semibold ${m.author === 'investor' ? 'text-brand-100' : 'text-slate-600'}`}
                >
                  {t(`support.authors.${m.author}`)} · {formatDateTime(m.createdAt, lng)}
                </span>
                {m.author === 'assistant' ? (
                  <WithReference
                    text={t('support.notice', { reference: thread.reference, hours: thread.targetResponseHours })}
                    reference={thread.reference}
                  />
                ) : (
                  m.body
                )}
              </div>
            </li>
          ))}
        </ol>
      </div>
      <div className="border-t border-slate-200 p-3">
        {thread?.state === 'closed' ? (
          <p className="text-sm text-slate-700">{t('support.closed')}</p>
        ) : (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <label htmlFor="support-input" className="sr-only">
              {t('support.inputLabel')}
            </label>
            <textarea
              id="support-input"
              rows={2}
              maxLength={2000}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('support.placeholder')}
              className="min-h-11 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500"
            />
            <button
              type="submit"
              disabled={write.isPending}
              className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {t('send')}
            </button>
          </form>
        )}
        {write.isError && (
          <p role="alert" className="mt-1 text-xs text-red-700">
            {t('support.notSent')}
          </p>
        )}
      </div>
    </>
  );
}
