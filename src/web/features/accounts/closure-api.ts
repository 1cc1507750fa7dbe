import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClosureView, ErasureAnswerView } from '../../../contracts/closure';
import { api } from '../../lib/api';
import { meQueryKey } from '../../lib/session';

export const closureKey = ['accounts', 'closure'] as const;

/** The closure of the account (decision 039): its state, what it waits for, what is kept. */
export const closureQuery = queryOptions({ queryKey: closureKey, queryFn: () => api<ClosureView>('/api/closure') });

export function useClosure() {
  return useQuery(closureQuery);
}

/** Asks to close, with the password again (and the authenticator's code with two-factor on); the session survives until the account is closed. */
export function useRequestClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reauth: { password: string; code?: string }) =>
      api<ClosureView>('/api/closure', { method: 'POST', body: reauth }),
    onSuccess: (view) => {
      client.setQueryData(closureKey, view);
      return client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useCancelClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ClosureView>('/api/closure/cancel', { method: 'POST', body: {} }),
    onSuccess: (view) => {
      client.setQueryData(closureKey, view);
      return client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export function useErasureRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ErasureAnswerView>('/api/closure/erasure', { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: closureKey }),
  });
}
