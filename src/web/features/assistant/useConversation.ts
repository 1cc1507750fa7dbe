import { useCallback, useEffect, useRef, useState } from 'react';
import { topicOf, topics, type Fact, type Topic } from '../../../core/assistant/facts';
import {
  handoffAtOnce,
  handoffReasonOf,
  MISUNDERSTOOD_BEFORE_HANDOFF,
  type HandoffReason,
} from '../../../core/assistant/handoff';
import { asksAboutOwnAccount } from '../../../core/assistant/account-question';
import { intents, type Intent } from '../../../core/assistant/lexicon';
import { matchIntent, scores, type Match } from '../../../core/assistant/matcher';
import { fetchFacts, fetchIntent, openConversation } from './api';

/** The assistant answers after at least this delay (spec §9), so it reads as a reply, not an echo. */
export const ASSISTANT_REPLY_DELAY_MS = 500;

/**
 * A user message keeps its text; an assistant message keeps a translation key, the investor's
 * facts as data or the intents it asks about, so every answer follows the language.
 */
/** A hand-off the assistant offers instead of doing: it opens only if the person accepts. */
export type Offer = { reason: HandoffReason; question: string; topic?: Topic };

export type Message =
  | { id: number; from: 'user'; text: string; intent?: Intent }
  | {
      id: number;
      from: 'bot';
      key: string;
      params?: Record<string, string | number>;
      signIn?: Topic;
      offer?: Offer;
    }
  | { id: number; from: 'bot'; facts: Fact[]; topic?: Topic; lead?: string }
  | { id: number; from: 'bot'; clarify: Intent[] };
type Reply =
  | { key: string; params?: Record<string, string | number>; signIn?: Topic; offer?: Offer }
  | { facts: Fact[]; topic: Topic; lead?: string }
  | { clarify: Intent[] }
  | { handoff: HandoffReason; fallbackKey: string; topic?: Topic };

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

/** How many of the assistant's last answers in a row were "I did not understand". */
function misunderstoodInARow(messages: Message[]): number {
  let n = 0;
  for (const m of [...messages].reverse()) {
    if (m.from === 'user') continue;
    if ('key' in m && m.key === 'answers.fallback') n++;
    else break;
  }
  return n;
}

/** Topics whose question is also "how do I": their general answer leads, the facts follow. */
const howTo = new Set<Topic>(['deposit', 'withdraw', 'stop', 'transfer']);

/**
 * What the assistant says to one message: the investor's own facts when signed in and the
 * question is about their account, the general answer otherwise (or when the facts cannot be
 * fetched), a question when the message is unclear. A signed-in investor with a complaint, a
 * fraud, a contested movement, a personal-data request, or misunderstood twice, goes to a person.
 */
export async function replyTo(
  message: { text: string; intent?: Intent },
  signedIn: boolean,
  earlier: Message[] = [],
): Promise<Reply> {
  const match: Match | { kind: 'answer'; intent: Intent; score: undefined } = message.intent
    ? { kind: 'answer', intent: message.intent, score: undefined }
    : await matchOf(message.text);
  if (match.kind === 'none') {
    if (signedIn && misunderstoodInARow(earlier) + 1 >= MISUNDERSTOOD_BEFORE_HANDOFF)
      return { key: 'answers.fallback', offer: { reason: 'notUnderstood', question: message.text } };
    return { key: 'answers.fallback' };
  }
  if (match.kind === 'clarify') return { clarify: match.choices };
  const reason = handoffReasonOf(match.intent);
  if (signedIn && reason) {
    const topic = topicNamedIn(message.text);
    if (handoffAtOnce(reason, match.score))
      return { handoff: reason, fallbackKey: `answers.${match.intent}`, ...(topic ? { topic } : {}) };
    // Offered, the hand-off is one click away: no "write to us by e-mail" beside it.
    return {
      key: reason === 'human' ? 'handoff.automatic' : `answers.${match.intent}`,
      offer: { reason, question: message.text, ...(topic ? { topic } : {}) },
    };
  }
  const topic = topicOf(match.intent);
  if (signedIn && topic) {
    try {
      const { facts } = await fetchFacts(topic);
      // A how-to question keeps its answer; the account's facts come after it, never instead.
      return howTo.has(topic) ? { lead: `answers.${match.intent}`, facts, topic } : { facts, topic };
    } catch {
      /* the general answer below still helps */
    }
  }
  // A visitor asking about their own account ("où est mon dépôt") is invited to sign in to see it.
  if (!signedIn && topic && (topic === 'portfolio' || asksAboutOwnAccount(message.text)))
    return { key: `answers.${match.intent}`, signIn: topic };
  return { key: `answers.${match.intent}` };
}

/**
 * The server's model decides (decision 064); the lexicon answers here when the server cannot in
 * time, or answers something this page does not know how to read.
 */
async function matchOf(text: string): Promise<Match> {
  try {
    const match: unknown = await fetchIntent(text);
    if (isMatch(match)) return match;
  } catch {
    /* the lexicon below */
  }
  return matchIntent(text);
}

function isMatch(x: unknown): x is Match {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  if (m.kind === 'none') return true;
  if (m.kind === 'answer') return isIntent(m.intent) && typeof m.score === 'number';
  return m.kind === 'clarify' && Array.isArray(m.choices) && m.choices.length > 0 && m.choices.every(isIntent);
}

/** The account question a hand-off message names ("je conteste ce virement": a transfer), if any. */
function topicNamedIn(text: string): Topic | undefined {
  const s = scores(text);
  return [...topics].filter((t) => (s.get(t) ?? 0) > 0).sort((a, b) => s.get(b)! - s.get(a)!)[0];
}

/** The account question last answered with facts: its facts go to the person who takes over. */
function lastTopic(messages: Message[]): Topic | undefined {
  for (const m of [...messages].reverse()) if ('facts' in m && m.topic) return m.topic;
  return undefined;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The conversation with the assistant. `onHandoff` receives the id of a conversation with a
 * person once one is opened (the panel then shows it).
 */
export function useConversation(signedIn: boolean, onHandoff: (conversationId: string) => void) {
  const [initial] = useState(restored);
  const [messages, setMessages] = useState<Message[]>(initial.messages);
  const [pending, setPending] = useState(0);
  const nextId = useRef(Math.max(...initial.messages.map((m) => m.id)) + 1);
  const live = useRef(true);
  const log = useRef(messages);
  log.current = messages;
  const handoffTo = useRef(onHandoff);
  handoffTo.current = onHandoff;

  const say = useCallback((reply: Exclude<Reply, { handoff: HandoffReason }>) => {
    if (!live.current) return;
    setMessages((all) => [...all, { id: nextId.current++, from: 'bot', ...reply } as Message]);
  }, []);

  /** Opens a conversation with a person; the assistant says so with its number, or gives the written way if it fails. */
  const handoff = useCallback(
    async (reason: HandoffReason, question: string, fallbackKey: string, topic?: Topic) => {
      try {
        const opened = await openConversation({ reason, question, topic: topic ?? lastTopic(log.current) });
        say(
          opened.resumed
            ? { key: 'handoff.resumed', params: { reference: opened.reference } }
            : { key: 'handoff.opened', params: { reference: opened.reference, hours: opened.targetResponseHours } },
        );
        if (live.current) handoffTo.current(opened.id);
      } catch {
        say({ key: fallbackKey });
      }
    },
    [say],
  );

  const answer = useCallback(
    (question: { text: string; intent?: Intent }) => {
      setPending((n) => n + 1);
      const earlier = log.current;
      void Promise.all([replyTo(question, signedIn, earlier), delay(ASSISTANT_REPLY_DELAY_MS)])
        .then(async ([reply]) => {
          // Closed meanwhile: the question stays last in storage and is answered when the panel reopens.
          if (!live.current) return;
          if ('handoff' in reply) await handoff(reply.handoff, question.text, reply.fallbackKey, reply.topic);
          else say(reply);
        })
        .finally(() => setPending((n) => n - 1));
    },
    [signedIn, handoff, say],
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

  /** "Talk to an advisor": hands over with the last question asked, or a plain request for a person. */
  const askForPerson = useCallback(
    (request: string) => {
      const lastQuestion = [...log.current].reverse().find((m) => m.from === 'user');
      setPending((n) => n + 1);
      void handoff('human', lastQuestion?.from === 'user' ? lastQuestion.text : request, 'answers.human').finally(() =>
        setPending((n) => n - 1),
      );
    },
    [handoff],
  );

  /** The person accepted an offered hand-off: the offer goes (it cannot be accepted twice), the conversation opens. */
  const acceptOffer = useCallback(
    (messageId: number, offer: Offer) => {
      setMessages((all) => all.map((m) => (m.id === messageId && 'offer' in m ? { ...m, offer: undefined } : m)));
      setPending((n) => n + 1);
      void handoff(offer.reason, offer.question, 'answers.human', offer.topic).finally(() => setPending((n) => n - 1));
    },
    [handoff],
  );

  return { messages, typing: pending > 0, send, askForPerson, acceptOffer };
}
