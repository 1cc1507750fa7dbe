import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreezeState } from '../../../contracts/admin';
import type {
  AdminDeposit,
  AdminDepositsPage,
  AdminWithdrawal,
  Decision,
  ProofLink,
  RequestStatus,
} from '../../../contracts/cashier';
import type { AdminIdentitiesPage, IdentityDecision, IdentityFiles } from '../../../contracts/identity';
import type { RejectionReason } from '../../../core/rejection-reasons';
import { api } from '../../lib/api';

export type Kind = 'deposits' | 'withdrawals';
type Item<K extends Kind> = K extends 'deposits' ? AdminDeposit : AdminWithdrawal;
/** A page of either queue (the contracts' page shape, with the items of that kind). */
type QueuePage<K extends Kind> = Omit<AdminDepositsPage, 'items'> & { items: Item<K>[] };

/** `waiting`: what awaits this operator's second approval. */
export type QueueFilter = RequestStatus | 'all' | 'waiting';

export function useQueue<K extends Kind>(kind: K, status: QueueFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', kind, status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (status === 'waiting') params.set('waiting', 'me');
      else if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api<QueuePage<K>>(`/api/admin/${kind}?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      kind: Kind;
      id: string;
      action: 'approve' | 'reject';
      reason?: RejectionReason;
      note?: string;
      /** A withdrawal's settling approval: its payout transaction (decision 057). */
      payoutTxid?: string;
    }) =>
      api<Decision>(`/api/admin/${input.kind}/${input.id}/${input.action}`, {
        method: 'POST',
        body:
          input.action === 'reject'
            ? { reason: input.reason, ...(input.note ? { note: input.note } : {}) }
            : input.payoutTxid
              ? { payoutTxid: input.payoutTxid }
              : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function proofLink(id: string) {
  return api<ProofLink>(`/api/admin/deposits/${id}/proof`);
}

const freezeUrl = (uid: string) => `/api/admin/users/${encodeURIComponent(uid.trim().toUpperCase())}`;

export function freezeStateOf(uid: string) {
  return api<FreezeState>(`${freezeUrl(uid)}/freeze`);
}

export function useFreeze() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { uid: string; action: 'freeze' | 'unfreeze'; reason: string }) =>
      api<FreezeState>(`${freezeUrl(input.uid)}/${input.action}`, { method: 'POST', body: { reason: input.reason } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** `waiting`: what awaits this operator's second approval. */
export type IdentityFilter = 'pending' | 'verified' | 'rejected' | 'all' | 'waiting';

export function useIdentityQueue(status: IdentityFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', 'identities', status],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: '20' });
      if (status === 'waiting') params.set('waiting', 'me');
      else if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api<AdminIdentitiesPage>(`/api/admin/identities?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useIdentityDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: 'verify' | 'reject'; reason?: RejectionReason; note?: string }) =>
      api<IdentityDecision>(`/api/admin/identities/${input.id}/${input.action}`, {
        method: 'POST',
        body: input.action === 'reject' ? { reason: input.reason, ...(input.note ? { note: input.note } : {}) } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Signed links to a verification's images, fetched when its card is shown (they expire after an hour). */
export function useIdentityFiles(id: string) {
  return useQuery({
    queryKey: ['admin', 'identity-files', id],
    queryFn: () => api<IdentityFiles>(`/api/admin/identities/${id}/files`),
    staleTime: 30 * 60_000,
  });
}
