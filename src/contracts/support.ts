import { z } from 'zod';
import { handoffReasons, SUPPORT_MESSAGE_MAX } from '../core/assistant/handoff';
import { factSchema, factTopic } from './assistant';
import { decimalAmount } from './money';
import { text } from './text';

const messageBody = text(SUPPORT_MESSAGE_MAX)
  .trim()
  .refine((s) => s.length > 0, { message: 'must not be empty' });

export const openConversationRequest = z.object({
  reason: z.enum(handoffReasons),
  /** The investor's own words that led to the hand-off. */
  question: messageBody,
  /** The account question the assistant was answering, if any: its facts go into the context packet. */
  topic: factTopic.optional(),
});

export const postMessageRequest = z.object({ body: messageBody });
export const conversationParams = z.object({ id: text(64) });

export const conversationState = z.enum(['waiting', 'answered', 'closed']);
export const supportMessage = z.object({
  id: z.string(),
  author: z.enum(['investor', 'operator', 'assistant']),
  /** A code for the assistant's own notices (translated by the client), the text otherwise. */
  body: z.string(),
  createdAt: z.string(),
});

export const conversationSummary = z.object({
  id: z.string(),
  reference: z.string(),
  reason: z.enum(handoffReasons),
  state: conversationState,
  /** An advisor has taken or answered it: the investor is no longer told it waits for one. */
  withAdvisor: z.boolean(),
  targetResponseHours: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const conversationThread = conversationSummary.extend({ messages: z.array(supportMessage) });
/** Opening when one is already open gives that one back (`resumed`): one open conversation per person. */
export const openConversationResponse = conversationThread.extend({ resumed: z.boolean() });
export const myConversationsResponse = z.object({ conversations: z.array(conversationSummary) });
export type MyConversations = z.infer<typeof myConversationsResponse>;
export type ConversationSummary = z.infer<typeof conversationSummary>;
export type ConversationThread = z.infer<typeof conversationThread>;
export type OpenedConversation = z.infer<typeof openConversationResponse>;

export const contextMovement = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'transfer_in', 'transfer_out']),
  amount: decimalAmount,
  status: z.string(),
  at: z.string(),
});
export const contextPacket = z.object({
  question: z.string(),
  topic: factTopic.nullable(),
  facts: z.array(factSchema),
  movements: z.array(contextMovement),
});
export type ContextPacket = z.infer<typeof contextPacket>;

const investor = z.object({ id: z.string(), uid: z.string(), fullName: z.string(), locale: z.string() });
export const inboxQuery = z.object({ state: conversationState.default('waiting') });
export const inboxItem = conversationSummary.extend({
  investor,
  assignedTo: z.string().nullable(),
  assignedToMe: z.boolean(),
});
export const inboxResponse = z.object({ conversations: z.array(inboxItem) });
export const inboxThread = inboxItem.extend({ messages: z.array(supportMessage), context: contextPacket });
export type InboxItem = z.infer<typeof inboxItem>;
export type InboxThread = z.infer<typeof inboxThread>;
