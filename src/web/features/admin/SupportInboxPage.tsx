import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InboxThread } from '../../../contracts/support';
import { Page } from '../../components/Page';
import { factText } from '../../lib/account-facts';
import { errorMessage } from '../../lib/errors';
import { formatAge, formatDateTime, money } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { AdminNav } from './AdminNav';
import { useInbox, useInboxAction, useInboxThread, type ConversationState } from './support-api';

const states: ConversationState[] = ['waiting', 'answered', 'closed'];

/** What the investor asked, what the assistant showed them, and their latest movements. */
function ContextPacket({ thread }: { thread: InboxThread }) {
  const { t } = useTranslation(['backoffice', 'assistant']);
  const lng = currentLanguage();
  const c = thread.context;
  const ta = (key: string, options?: Record<string, unknown>) => t(key, { ns: 'assistant', ...options });
  return (
    <section aria-labelledby="context-title" className="rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm">
      <h3 id="context-title" className="mb-2 font-semibold text-brand-900">
        {t('support.context')}
      </h3>
      <p className="mb-1 text-slate-600">{t('support.question')}</p>
      <blockquote className="mb-3 border-l-4 border-brand-300 pl-2 italic">{c.question}</blockquote>
      <p className="mb-1 text-slate-600">{t('support.factsShown')}</p>
      {c.facts.length === 0 ? (
        <p className="mb-3">{t('support.noFacts')}</p>
      ) : (
        <ul className="mb-3 list-disc space-y-1 pl-5" data-testid="support-context-facts">
          {c.facts.map((f, i) => (
            <li key={i}>{factText(f, ta as never, lng)}</li>
          ))}
        </ul>
      )}
      <p className="mb-1 text-slate-600">{t('support.movements')}</p>
      {c.movements.length === 0 ? (
        <p>{t('support.noMovements')}</p>
      ) : (
        <ul className="space-y-0.5">
          {c.movements.map((m, i) => (
            <li key={i} className="flex flex-wrap justify-between gap-2">
              <span>
                {t(`support.kinds.${m.kind}`)} · {t(`support.movementStates.${m.status}`, { defaultValue: m.status })}
              </span>
              <span className="font-semibold tabular-nums">
                {money(m.amount)} · {formatDateTime(m.at, lng)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Thread({ id }: { id: string }) {
  const { t } = useTranslation(['backoffice', 'assistant']);
  const lng = currentLanguage();
  const q = useInboxThread(id);
  const act = useInboxAction(id);
  const [draft, setDraft] = useState('');
  const thread = q.data;
  if (!thread)
    return <p role={q.isError ? 'alert' : 'status'}>{q.isError ? errorMessage(t, q.error) : t('loading')}</p>;
  const closed = thread.state === 'closed';
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_minmax(0,22rem)]">
      <section aria-labelledby="thread-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="thread-title" className="text-lg font-semibold text-brand-900">
          {thread.reference} · {thread.investor.fullName} ({thread.investor.uid})
        </h2>
        <p className="mb-3 text-sm text-slate-600">
          {t(`assistant:choices.${thread.reason === 'notUnderstood' ? 'human' : thread.reason}`)} ·{' '}
          {t(`support.states.${thread.state}`)} ·{' '}
          {thread.assignedTo
            ? thread.assignedToMe
              ? t('support.assignedToMe')
              : t('support.assignedToOther')
            : t('support.unassigned')}
        </p>
        <ol className="mb-3 flex flex-col gap-2" aria-live="polite" data-testid="inbox-thread">
          {thread.messages.map((m) => (
            <li
              key={m.id}
              data-author={m.author}
              className={`rounded-lg px-3 py-2 text-sm ${m.author === 'operator' ? 'bg-brand-50 ring-1 ring-brand-100' : 'bg-slate-50 ring-1 ring-slate-200'}`}
            >
              <span className="block text-xs font-semibold text-slate-600">
                {t(`support.authors.${m.author}`)} · {formatDateTime(m.createdAt, lng)}
              </span>
              <span className="whitespace-pre-wrap">
                {m.author === 'assistant'
                  ? t('assistant:support.notice', { reference: thread.reference, hours: thread.targetResponseHours })
                  : m.body}
              </span>
            </li>
          ))}
        </ol>
        {!closed && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const body = draft.trim();
              if (body) act.mutate({ kind: 'reply', body }, { onSuccess: () => setDraft('') });
            }}
          >
            <label htmlFor="inbox-reply" className="mb-1 block text-sm font-semibold">
              {t('support.reply')}
            </label>
            <textarea
              id="inbox-reply"
              rows={3}
              maxLength={2000}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              className="mb-2 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                disabled={act.isPending}
                className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                {t('support.send')}
              </button>
              {!thread.assignedToMe && (
                <button
                  type="button"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ kind: 'assign' })}
                  className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {t('support.assign')}
                </button>
              )}
              <button
                type="button"
                disabled={act.isPending}
                onClick={() => act.mutate({ kind: 'close' })}
                className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-red-800 ring-1 ring-red-300 hover:bg-red-50"
              >
                {t('support.close')}
              </button>
            </div>
          </form>
        )}
        {act.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(t, act.error)}
          </p>
        )}
      </section>
      <ContextPacket thread={thread} />
    </div>
  );
}

/** The operators' support inbox: conversations by state, longest waiting first, live. */
export function SupportInboxPage() {
  const { t } = useTranslation(['backoffice', 'assistant']);
  const [state, setState] = useState<ConversationState>('waiting');
  const [open, setOpen] = useState<string | null>(null);
  const inbox = useInbox(state);
  const now = Date.now();
  return (
    <Page title={t('support.title')} wide>
      <AdminNav />
      <div role="group" aria-label={t('support.statesLabel')} className="mb-4 flex flex-wrap gap-2">
        {states.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={state === s}
            onClick={() => setState(s)}
            className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${state === s ? 'bg-brand-700 text-white' : 'bg-white text-brand-900 ring-1 ring-slate-300 hover:bg-slate-50'}`}
          >
            {t(`support.states.${s}`)}
          </button>
        ))}
      </div>
      {!inbox.data ? (
        <p role={inbox.isError ? 'alert' : 'status'}>{inbox.isError ? errorMessage(t, inbox.error) : t('loading')}</p>
      ) : inbox.data.length === 0 ? (
        <p className="mb-4">{t('support.empty')}</p>
      ) : (
        <ul className="mb-6 flex flex-col gap-2" data-testid="inbox-list">
          {inbox.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => setOpen(c.id)}
                aria-current={open === c.id}
                className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-xl bg-white px-4 py-3 text-left text-sm shadow-sm ring-1 ${open === c.id ? 'ring-2 ring-brand-500' : 'ring-slate-200 hover:ring-brand-300'}`}
              >
                <span>
                  <span className="font-semibold">{c.reference}</span> · {c.investor.fullName} ({c.investor.uid})
                </span>
                <span className="text-slate-600">
                  {t(`assistant:choices.${c.reason === 'notUnderstood' ? 'human' : c.reason}`)} ·{' '}
                  {formatAge(Math.max(0, (now - Date.parse(c.updatedAt)) / 1000), t('support.justNow'))}
                  {c.assignedTo && ` · ${c.assignedToMe ? t('support.assignedToMe') : t('support.assignedToOther')}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {open && <Thread id={open} />}
    </Page>
  );
}
