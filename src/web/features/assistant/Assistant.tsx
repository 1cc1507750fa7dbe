import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Topic } from '../../../core/assistant/facts';
import { SUPPORT_MESSAGE_MAX } from '../../../core/assistant/handoff';
import type { Intent } from '../../../core/assistant/lexicon';
import { currentLanguage } from '../../lib/i18n';
import { usePublicConfig } from '../../lib/public-config';
import { useMe } from '../../lib/session';
import { factText } from '../../lib/account-facts';
import { useMyConversations } from './api';
import { ConversationList } from './ConversationList';
import { WithReference } from './reference';
import { SupportThread } from './SupportThread';
import { useConversation, type Message, type Offer } from './useConversation';

type View = { kind: 'assistant' } | { kind: 'thread'; id: string } | { kind: 'history' };
const viewKey = 'atlas.assistant.view';

// The panel reopens where it was (a conversation with a person stays on screen across reloads).
function storedView(): View {
  try {
    const v = JSON.parse(sessionStorage.getItem(viewKey) ?? 'null') as View | null;
    if (v?.kind === 'history' || (v?.kind === 'thread' && typeof v.id === 'string')) return v;
  } catch {
    /* nothing readable kept */
  }
  return { kind: 'assistant' };
}

const suggestions = ['deposit', 'withdraw', 'stop'] as const;

function BotMessage({
  m,
  onChoose,
  onAccept,
}: {
  m: Exclude<Message, { from: 'user' }>;
  onChoose: (intent: Intent) => void;
  onAccept: (offer: Offer) => void;
}) {
  const { t } = useTranslation('assistant');
  const { data: config } = usePublicConfig();
  if ('facts' in m) {
    const lng = currentLanguage();
    return (
      <>
        {m.lead && <span className="mb-2 block">{t(m.lead)}</span>}
        <span className="block font-semibold">{t('facts.heading')}</span>
        <ul className="mt-1 list-disc space-y-1.5 pl-4" data-testid="assistant-facts">
          {m.facts.map((f, i) => (
            <li key={i} data-fact={f.key}>
              {factText(f, t, lng)}
              {f.link && (
                <>
                  {' '}
                  <Link to={f.link} className="font-semibold text-brand-700 underline">
                    {t(`links.${f.link.slice(1)}`)}
                  </Link>
                </>
              )}
            </li>
          ))}
        </ul>
      </>
    );
  }
  if ('clarify' in m) {
    return (
      <>
        {t('clarify')}
        <span className="mt-2 flex flex-wrap gap-2" role="group" aria-label={t('clarify')}>
          {m.clarify.map((intent) => (
            <button
              key={intent}
              type="button"
              onClick={() => onChoose(intent)}
              className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-100"
            >
              {t(`choices.${intent}`)}
            </button>
          ))}
        </span>
      </>
    );
  }
  const text = t(m.key, { email: config?.supportEmail ?? '…', ...m.params });
  const reference = m.params?.reference;
  return (
    <>
      {typeof reference === 'string' ? <WithReference text={text} reference={reference} /> : text}
      {m.signIn && <SignInToSee topic={m.signIn} />}
      {m.offer && (
        <span className="mt-2 block" data-testid="assistant-offer">
          {t('handoff.offerQuestion')}
          <button
            type="button"
            onClick={() => onAccept(m.offer!)}
            className="mt-2 block rounded-full bg-gold-500 px-3 py-1 text-xs font-bold text-brand-900 hover:bg-gold-400"
          >
            {t('handoff.offerAccept')}
          </button>
        </span>
      )}
    </>
  );
}

/** A visitor's account question: the answer is in their account, after signing in, back here. */
function SignInToSee({ topic }: { topic: Topic }) {
  const { t } = useTranslation('assistant');
  const location = useLocation();
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <span className="mt-2 block" data-testid="assistant-sign-in">
      {t(`signIn.${topic}`)}{' '}
      <Link to={`/login?next=${next}`} className="font-semibold text-brand-700 underline">
        {t('signIn.link')}
      </Link>
    </span>
  );
}

/**
 * The open chat panel (spec §2): keyword answers in the current language; for a signed-in
 * investor, answers from their own account. The floating button
 * that opens it lives in the layout (app/layout/AssistantLauncher.tsx), so this chunk and its
 * texts load only when someone opens the assistant.
 */
export default function AssistantPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('assistant');
  const { data: me } = useMe();
  const investor = Boolean(me && !me.isAdmin);
  const [view, setView] = useState<View>(storedView);
  const { messages, typing, send, askForPerson, acceptOffer } = useConversation(investor, (id) =>
    setView({ kind: 'thread', id }),
  );
  const { data: conversations } = useMyConversations(investor);
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    try {
      sessionStorage.setItem(viewKey, JSON.stringify(view));
    } catch {
      /* storage refused: the view lasts while the panel is open */
    }
  }, [view]);
  useEffect(() => {
    if (view.kind === 'assistant') input.current?.focus();
  }, [view.kind]);
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [messages, typing, view.kind]);

  const submit = (text: string) => {
    if (send(text)) setDraft('');
    input.current?.focus();
  };
  const choose = (intent: Intent) => {
    send(t(`choices.${intent}`), intent);
    input.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit(draft);
    }
  };
  const toPerson = () => {
    setView({ kind: 'assistant' });
    // A visitor is told how to reach the team; an investor's conversation opens at once.
    if (investor) askForPerson(t('handoff.request'));
    else send(t('handoff.button'), 'human');
  };
  const back = () => setView({ kind: 'assistant' });
  const open = conversations?.find((c) => c.state !== 'closed');

  return (
    // Escape closes the dialog from anywhere inside it, as every dialog does.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      id="assistant-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="assistant-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className="fixed inset-x-0 bottom-0 z-50 flex h-[600px] max-h-[100dvh] w-full flex-col overflow-hidden bg-white shadow-2xl ring-1 ring-slate-200 sm:inset-x-auto sm:bottom-24 sm:right-6 sm:max-h-[calc(100dvh-7.5rem)] sm:w-96 sm:rounded-2xl"
      data-testid="assistant-panel"
    >
      <header className="flex items-center gap-3 bg-brand-900 px-4 py-3 text-white">
        <span
          className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-gold-500 text-sm font-extrabold text-brand-900"
          aria-hidden="true"
        >
          A
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="assistant-title" className="truncate font-semibold">
            {t('title')}
          </h2>
          <p className="text-xs text-slate-300">{t('subtitle')}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-md p-2 hover:bg-white/10"
          aria-label={t('common:assistant.close')}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6 6 18" />
          </svg>
        </button>
      </header>
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
        <button
          type="button"
          onClick={toPerson}
          className="rounded-full bg-gold-500 px-3 py-1 text-xs font-bold text-brand-900 hover:bg-gold-400"
          data-testid="assistant-to-person"
        >
          {t('handoff.button')}
        </button>
        {investor && open && view.kind === 'assistant' && (
          <button
            type="button"
            onClick={() => setView({ kind: 'thread', id: open.id })}
            className="text-xs font-semibold text-brand-700 underline"
          >
            <WithReference text={t('support.resume', { reference: open.reference })} reference={open.reference} />
          </button>
        )}
        {investor && (conversations?.length ?? 0) > 0 && view.kind !== 'history' && (
          <button
            type="button"
            onClick={() => setView({ kind: 'history' })}
            className="ml-auto text-xs font-semibold text-brand-700 underline"
          >
            {t('support.history')}
          </button>
        )}
      </div>

      {view.kind === 'thread' && <SupportThread id={view.id} onBack={back} />}
      {view.kind === 'history' && (
        <ConversationList
          conversations={conversations ?? []}
          onOpen={(id) => setView({ kind: 'thread', id })}
          onBack={back}
        />
      )}
      {view.kind === 'assistant' && (
        <>
          {/* The scrolling log is focusable so keyboard users can scroll back through the answers. */}
          <div
            ref={log}
            role="log"
            aria-live="polite"
            aria-label={t('messages')}
            tabIndex={0}
            className="flex-1 overflow-y-auto bg-slate-50 p-4"
            data-testid="assistant-log"
          >
            <ol className="flex flex-col gap-3">
              {messages.map((m) => (
                <li
                  key={m.id}
                  className={`flex ${m.from === 'user' ? 'justify-end' : 'justify-start'}`}
                  data-from={m.from}
                >
                  <div
                    className={`max-w-[85%] whitespace-pre-wrap rounded-2xl px-4 py-2.5 text-sm leading-relaxed ${m.from === 'user' ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-white text-slate-800 shadow-sm ring-1 ring-slate-200'}`}
                  >
                    <span className="sr-only">{m.from === 'user' ? t('you') : t('bot')} : </span>
                    {m.from === 'user' ? (
                      m.text
                    ) : (
                      <BotMessage m={m} onChoose={choose} onAccept={(offer) => acceptOffer(m.id, offer)} />
                    )}
                  </div>
                </li>
              ))}
            </ol>
          </div>
          {typing && (
            <p className="bg-slate-50 px-4 pb-2 text-xs text-slate-600" data-testid="assistant-typing">
              {t('typing')}
            </p>
          )}

          <div className="border-t border-slate-200 p-3">
            <div className="mb-2 flex flex-wrap gap-2" role="group" aria-label={t('suggestionsLabel')}>
              {suggestions.map((s) => (
                <button
                  key={s}
                  type="button"
                  onClick={() => submit(t(`suggestions.${s}`))}
                  className="rounded-full border border-brand-100 bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-100"
                >
                  {t(`suggestions.${s}`)}
                </button>
              ))}
            </div>
            <form
              className="flex items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                submit(draft);
              }}
            >
              <label htmlFor="assistant-input" className="sr-only">
                {t('inputLabel')}
              </label>
              <textarea
                ref={input}
                id="assistant-input"
                rows={2}
                maxLength={SUPPORT_MESSAGE_MAX}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onKeyDown={onKeyDown}
                placeholder={t('placeholder')}
                aria-describedby="assistant-hint"
                className="min-h-11 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm focus:border-brand-500"
              />
              <button
                type="submit"
                className="h-11 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
              >
                {t('send')}
              </button>
            </form>
            <p id="assistant-hint" className="mt-1 text-xs text-slate-600">
              {t('hint')}
            </p>
          </div>
        </>
      )}
    </section>
  );
}
