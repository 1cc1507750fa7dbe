import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../contracts/me';
import { api, ApiError } from './api';

export const meQueryKey = ['me'] as const;

/** The signed-in person, or null for a visitor. One source of truth for the whole app. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async (): Promise<Me | null> => {
      try {
        return await api<Me>('/api/me');
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
        throw err;
      }
    },
    staleTime: 30_000,
  });
}

export function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meQueryKey });
}

/** Signs out (this session) and forgets everything cached about the person. */
export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    try {
      await api('/api/auth/sign-out', { method: 'POST', body: {} });
    } finally {
      client.setQueryData(meQueryKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    }
  };
}
