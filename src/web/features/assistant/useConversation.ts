import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSISTANT_REPLY_DELAY_MS, matchIntent } from '../../../core/assistant';

/** A user message keeps its text; an assistant message keeps its translation key, so it follows the language. */
export type Message = { id: number; from: 'user'; text: string } | { id: number; from: 'bot'; key: string };

export function useConversation() {
  const [messages, setMessages] = useState<Message[]>([{ id: 0, from: 'bot', key: 'welcome' }]);
  const [typing, setTyping] = useState(false);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  /** Returns false (and does nothing) for an empty or blank message. */
  const send = useCallback((raw: string): boolean => {
    const text = raw.trim();
    if (!text) return false;
    setMessages((all) => [...all, { id: nextId.current++, from: 'user', text }]);
    setTyping(true);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setMessages((all) => [...all, { id: nextId.current++, from: 'bot', key: `answers.${matchIntent(text)}` }]);
      setTyping(timers.current.size > 0);
    }, ASSISTANT_REPLY_DELAY_MS);
    timers.current.add(timer);
    return true;
  }, []);

  return { messages, typing, send };
}
