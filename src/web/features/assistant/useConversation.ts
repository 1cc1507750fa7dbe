import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSISTANT_REPLY_DELAY_MS, matchIntent } from '../../../core/assistant';

/** A user message keeps its text; an assistant message keeps its translation key, so it follows the language. */
export type Message = { id: number; from: 'user'; text: string } | { id: number; from: 'bot'; key: string };

// The conversation lasts as long as the tab: closing the panel, reopening it or moving to another
// screen keeps it (sessionStorage, never sent anywhere).
const storageKey = 'atlas.assistant';
const welcome: Message[] = [{ id: 0, from: 'bot', key: 'welcome' }];
const answerTo = (id: number, text: string): Message => ({ id, from: 'bot', key: `answers.${matchIntent(text)}` });

function isMessage(value: unknown): value is Message {
  const m = value as Partial<Record<string, unknown>> | null;
  return (
    typeof m?.id === 'number' &&
    ((m.from === 'user' && typeof m.text === 'string') || (m.from === 'bot' && typeof m.key === 'string'))
  );
}

/** The stored conversation (or the welcome); a question closed before its answer came gets its answer now. */
export function restoreConversation(stored: string | null): Message[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? 'null');
    if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every(isMessage)) return welcome;
    const last = parsed[parsed.length - 1] as Message;
    return last.from === 'user' ? [...parsed, answerTo(last.id + 1, last.text)] : parsed;
  } catch {
    return welcome;
  }
}

function restored(): Message[] {
  try {
    return restoreConversation(sessionStorage.getItem(storageKey));
  } catch {
    return welcome;
  }
}

export function useConversation() {
  const [messages, setMessages] = useState<Message[]>(restored);
  const [typing, setTyping] = useState(false);
  const nextId = useRef(Math.max(...messages.map((m) => m.id)) + 1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(messages));
    } catch {
      /* storage refused (private mode, quota): the conversation lasts while the panel is open */
    }
  }, [messages]);

  /** Returns false (and does nothing) for an empty or blank message. */
  const send = useCallback((raw: string): boolean => {
    const text = raw.trim();
    if (!text) return false;
    setMessages((all) => [...all, { id: nextId.current++, from: 'user', text }]);
    setTyping(true);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setMessages((all) => [...all, answerTo(nextId.current++, text)]);
      setTyping(timers.current.size > 0);
    }, ASSISTANT_REPLY_DELAY_MS);
    timers.current.add(timer);
    return true;
  }, []);

  return { messages, typing, send };
}
