import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxThread } from '../../../contracts/support';
import type { z } from 'zod';
import type { conversationState, inboxResponse } from '../../../contracts/support';
import { api } from '../../lib/api';

export type ConversationState = z.infer<typeof conversationState>;
type Inbox = z.infer<typeof inboxResponse>;

const base = '/api/admin/support/conversations';

/** One state of the inbox; the live stream refetches it when an investor writes or a colleague acts. */
export function useInbox(state: ConversationState) {
  return useQuery({
    queryKey: ['admin', 'support', state],
    queryFn: async () => (await api<Inbox>(`${base}?state=${state}`)).conversations,
  });
}

export function useInboxThread(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'support', 'thread', id],
    queryFn: () => api<InboxThread>(`${base}/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}

/** Reply, assign or close: the answer is the thread as it now is, and every list is refetched. */
export function useInboxAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { kind: 'reply'; body: string } | { kind: 'assign' } | { kind: 'close' }) =>
      action.kind === 'reply'
        ? api<InboxThread>(`${base}/${encodeURIComponent(id)}/messages`, {
            method: 'POST',
            body: { body: action.body },
          })
        : api<InboxThread>(`${base}/${encodeURIComponent(id)}/${action.kind}`, { method: 'POST', body: {} }),
    onSuccess: (thread) => {
      client.setQueryData(['admin', 'support', 'thread', id], thread);
      void client.invalidateQueries({ queryKey: ['admin', 'support'] });
    },
  });
}
