import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDeposit, AdminWithdrawal, RequestStatus } from '../../../contracts/cashier';
import { api } from '../../lib/api';

export type Kind = 'deposits' | 'withdrawals';
type Item<K extends Kind> = K extends 'deposits' ? AdminDeposit : AdminWithdrawal;

export function useQueue<K extends Kind>(kind: K, status: RequestStatus | 'all') {
  return useInfiniteQuery({
    queryKey: ['admin', kind, status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api<{ items: Item<K>[]; nextCursor: string | null }>(`/api/admin/${kind}?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: Kind; id: string; action: 'approve' | 'reject'; reason?: string }) =>
      api<{ ok: true }>(`/api/admin/${input.kind}/${input.id}/${input.action}`, { method: 'POST', body: input.action === 'reject' ? { reason: input.reason } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function proofLink(id: string) {
  return api<{ url: string; expiresAt: string }>(`/api/admin/deposits/${id}/proof`);
}
