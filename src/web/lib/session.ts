import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../contracts/me';
import { api } from './api';

export const meQueryKey = ['me'] as const;

/** One query for the whole app; main.tsx starts it before the first render. */
export const meQuery = {
  queryKey: meQueryKey,
  // The server answers 200 with null for a visitor (no failed request in the console).
  queryFn: async (): Promise<Me | null> => (await api<Me | null>('/api/me')) ?? null,
  staleTime: 30_000,
};

/** The signed-in person, or null for a visitor. One source of truth for the whole app. */
export function useMe() {
  return useQuery(meQuery);
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
