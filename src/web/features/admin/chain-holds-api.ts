import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChainHold, ChainHoldList } from '../../../contracts/chain-holds';
import { api } from '../../lib/api';

const base = '/api/admin/chain/holds';

/** The open blockchain holds (of one person with `userId`), oldest first, and how many are open. */
export function useChainHolds(userId?: string) {
  return useQuery({
    queryKey: ['admin', 'chain-holds', userId ?? null],
    queryFn: () => api<ChainHoldList>(userId ? `${base}?userId=${encodeURIComponent(userId)}` : base),
  });
}

/** Releases a hold with the operator's note; every list of holds is refetched. */
export function useReleaseChainHold(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => api<ChainHold>(`${base}/release`, { method: 'POST', body: { id, note } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'chain-holds'] }),
  });
}
