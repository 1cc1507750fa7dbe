import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ok } from '../../../contracts/accounts';
import type { AdminDeposit, AdminDepositsPage, AdminWithdrawal, ProofLink, RequestStatus } from '../../../contracts/cashier';
import { api } from '../../lib/api';

export type Kind = 'deposits' | 'withdrawals';
type Item<K extends Kind> = K extends 'deposits' ? AdminDeposit : AdminWithdrawal;
/** A page of either queue (the contracts' page shape, with the items of that kind). */
type QueuePage<K extends Kind> = Omit<AdminDepositsPage, 'items'> & { items: Item<K>[] };

export function useQueue<K extends Kind>(kind: K, status: RequestStatus | 'all') {
  return useInfiniteQuery({
    queryKey: ['admin', kind, status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api<QueuePage<K>>(`/api/admin/${kind}?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: Kind; id: string; action: 'approve' | 'reject'; reason?: string }) =>
      api<Ok>(`/api/admin/${input.kind}/${input.id}/${input.action}`, { method: 'POST', body: input.action === 'reject' ? { reason: input.reason } : {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function proofLink(id: string) {
  return api<ProofLink>(`/api/admin/deposits/${id}/proof`);
}
