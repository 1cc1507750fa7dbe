import { useCallback, useEffect, useRef, useState } from 'react';
import { topicOf, type Fact } from '../../../core/assistant/facts';
import { intents, type Intent } from '../../../core/assistant/lexicon';
import { matchIntent } from '../../../core/assistant/matcher';
import { fetchFacts } from './api';

/** The assistant answers after at least this delay (spec §9), so it reads as a reply, not an echo. */
export const ASSISTANT_REPLY_DELAY_MS = 500;

/**
 * A user message keeps its text; an assistant message keeps a translation key, the investor's
 * facts as data or the intents it asks about, so every answer follows the language.
 */
export type Message =
  | { id: number; from: 'user'; text: string; intent?: Intent }
  | { id: number; from: 'bot'; key: string }
  | { id: number; from: 'bot'; facts: Fact[] }
  | { id: number; from: 'bot'; clarify: Intent[] };
type Reply = { key: string } | { facts: Fact[] } | { clarify: Intent[] };

// The conversation lasts as long as the tab: closing the panel, reopening it or moving to another
// screen keeps it (sessionStorage, never sent anywhere).
const storageKey = 'atlas.assistant';
const welcome: Message[] = [{ id: 0, from: 'bot', key: 'welcome' }];

const isIntent = (v: unknown): v is Intent => (intents as readonly unknown[]).includes(v);

function isMessage(value: unknown): value is Message {
  const m = value as Partial<Record<string, unknown>> | null;
  if (typeof m?.id !== 'number') return false;
  if (m.from === 'user') return typeof m.text === 'string' && (m.intent === undefined || isIntent(m.intent));
  if (m.from !== 'bot') return false;
  return (
    typeof m.key === 'string' ||
    (Array.isArray(m.clarify) && m.clarify.every(isIntent)) ||
    (Array.isArray(m.facts) && m.facts.every((f) => typeof (f as Fact | null)?.key === 'string'))
  );
}

/** The stored conversation (or the welcome), and the last question if the panel closed before its answer. */
export function restoreConversation(stored: string | null): { messages: Message[]; unanswered?: Message } {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isMessage)) return { messages: welcome };
    const last = parsed[parsed.length - 1] as Message;
    return { messages: parsed, ...(last.from === 'user' ? { unanswered: last } : {}) };
  } catch {
    return { messages: welcome };
  }
}

function restored() {
  try {
    return restoreConversation(sessionStorage.getItem(storageKey));
  } catch {
    return { messages: welcome };
  }
}

/**
 * What the assistant says to one message: the investor's own facts when signed in and the
 * question is about their account, the general answer otherwise (or when the facts cannot be
 * fetched), a question when the message is unclear.
 */
export async function replyTo(message: { text: string; intent?: Intent }, signedIn: boolean): Promise<Reply> {
  const match = message.intent ? { kind: 'answer' as const, intent: message.intent } : matchIntent(message.text);
  if (match.kind === 'none') return { key: 'answers.fallback' };
  if (match.kind === 'clarify') return { clarify: match.choices };
  const topic = topicOf(match.intent);
  if (signedIn && topic) {
    try {
      return { facts: (await fetchFacts(topic)).facts };
    } catch {
      /* the general answer below still helps */
    }
  }
  return { key: `answers.${match.intent}` };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useConversation(signedIn: boolean) {
  const [initial] = useState(restored);
  const [messages, setMessages] = useState<Message[]>(initial.messages);
  const [pending, setPending] = useState(0);
  const nextId = useRef(Math.max(...initial.messages.map((m) => m.id)) + 1);
  const live = useRef(true);

  const answer = useCallback(
    (question: { text: string; intent?: Intent }) => {
      setPending((n) => n + 1);
      void Promise.all([replyTo(question, signedIn), delay(ASSISTANT_REPLY_DELAY_MS)]).then(([reply]) => {
        // Closed meanwhile: the question stays last in storage and is answered when the panel reopens.
        if (!live.current) return;
        setMessages((all) => [...all, { id: nextId.current++, from: 'bot', ...reply } as Message]);
        setPending((n) => n - 1);
      });
    },
    [signedIn],
  );

  useEffect(() => {
    live.current = true;
    if (initial.unanswered?.from === 'user') answer(initial.unanswered);
    return () => {
      live.current = false;
    };
  }, [initial, answer]);

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(messages));
    } catch {
      /* storage refused (private mode, quota): the conversation lasts while the panel is open */
    }
  }, [messages]);

  /** Returns false (and does nothing) for an empty or blank message. */
  const send = useCallback(
    (raw: string, intent?: Intent): boolean => {
      const text = raw.trim();
      if (!text) return false;
      const question = { id: nextId.current++, from: 'user' as const, text, ...(intent ? { intent } : {}) };
      setMessages((all) => [...all, question]);
      answer(question);
      return true;
    },
    [answer],
  );

  return { messages, typing: pending > 0, send };
}
