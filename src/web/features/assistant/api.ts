import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FactsResponse, IntentResponse } from '../../../contracts/assistant';
import type { ConversationThread, MyConversations, OpenedConversation } from '../../../contracts/support';
import type { Topic } from '../../../core/assistant/facts';
import type { HandoffReason } from '../../../core/assistant/handoff';
import { api } from '../../lib/api';

/** The signed-in investor's own facts on one question, computed by the server. */
export function fetchFacts(topic: Topic): Promise<FactsResponse> {
  return api<FactsResponse>(`/api/assistant/facts/${topic}`);
}

/** How long the server's model may take before the lexicon here answers instead. */
const INTENT_TIMEOUT_MS = 5000;

/** Which topic a message is about, decided by the server's model (decision 064). */
export function fetchIntent(text: string): Promise<IntentResponse> {
  return api<IntentResponse>('/api/assistant/intent', {
    method: 'POST',
    body: { text },
    signal: AbortSignal.timeout(INTENT_TIMEOUT_MS),
  });
}

export const supportKeys = {
  mine: ['support', 'mine'] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
};

/** The investor's conversations with a person, newest first (the live stream refetches them). */
export function useMyConversations(enabled: boolean) {
  return useQuery({
    queryKey: supportKeys.mine,
    queryFn: async () => (await api<MyConversations>('/api/support/conversations')).conversations,
    enabled,
  });
}

export function useConversationThread(id: string) {
  return useQuery({
    queryKey: supportKeys.thread(id),
    queryFn: () => api<ConversationThread>(`/api/support/conversations/${encodeURIComponent(id)}`),
  });
}

export function openConversation(input: { reason: HandoffReason; question: string; topic?: Topic }) {
  return api<OpenedConversation>('/api/support/conversations', { method: 'POST', body: input });
}

export function useWriteInConversation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<ConversationThread>(`/api/support/conversations/${encodeURIComponent(id)}/messages`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: (thread) => {
      client.setQueryData(supportKeys.thread(id), thread);
      void client.invalidateQueries({ queryKey: supportKeys.mine });
    },
  });
}
