import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AuditFilter,
  AuditIntegrity,
  AuditPage,
  OutboxRetry,
  Overview,
  Revoked,
  UserDetail,
  UserSearchPage,
  VerificationRequest,
} from '../../../contracts/backoffice';
import type { Statement } from '../../../contracts/portfolio';
import { api } from '../../lib/api';

export const overviewQuery = queryOptions({
  queryKey: ['admin', 'overview'],
  queryFn: () => api<Overview>('/api/admin/overview'),
  // A requested verification ends without an event: look again until its job has run.
  refetchInterval: (query) => (query.state.data?.verification.requestedAt ? 2000 : false),
});

export function useOverview() {
  return useQuery(overviewQuery);
}

export function useOverviewActions() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['admin', 'overview'] });
  return {
    verify: useMutation({
      mutationFn: () => api<VerificationRequest>('/api/admin/verifications', { method: 'POST', body: {} }),
      onSettled: done,
    }),
    retry: useMutation({
      mutationFn: () => api<OutboxRetry>('/api/admin/outbox/retry', { method: 'POST', body: {} }),
      onSettled: done,
    }),
  };
}

export function useUserSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'users', q],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      // Without a search, every user newest first.
      const params = new URLSearchParams(q.trim() ? { q, limit: '20' } : { limit: '20' });
      if (pageParam) params.set('cursor', pageParam);
      return api<UserSearchPage>(`/api/admin/users?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: () => api<UserDetail>(`/api/admin/users/${encodeURIComponent(id)}`),
  });
}

export function useUserStatement(id: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'user', id, 'statement'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<Statement>(
        `/api/admin/users/${encodeURIComponent(id)}/statement?limit=20${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRevoke(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId?: string) =>
      api<Revoked>(
        `/api/admin/users/${encodeURIComponent(userId)}/sessions${sessionId ? `/${encodeURIComponent(sessionId)}` : ''}`,
        { method: 'DELETE' },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'user', userId] }),
  });
}

/** The filters as the API's query string (empty ones left out). */
export function auditParams(f: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim()) params.set(k, v.trim());
  return params;
}

export const auditKeys = ['actor', 'action', 'target', 'from', 'to'] as const;
export type AuditKey = (typeof auditKeys)[number];

/** The filter the address holds (a view of the trail can be linked). */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  return Object.fromEntries(auditKeys.map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v)) as AuditFilter;
}

export const auditQuery = (f: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', f],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = auditParams(f);
      params.set('limit', '25');
      if (pageParam) params.set('cursor', pageParam);
      return api<AuditPage>(`/api/admin/audit?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAudit(f: AuditFilter) {
  return useInfiniteQuery(auditQuery(f));
}

export function useUserAudit(id: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'user', id, 'audit'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api<AuditPage>(
        `/api/admin/users/${encodeURIComponent(id)}/audit?limit=10${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const auditIntegrityQuery = queryOptions({
  queryKey: ['admin', 'audit', 'integrity'],
  queryFn: () => api<AuditIntegrity>('/api/admin/audit/integrity'),
});

export function useAuditIntegrity() {
  return useQuery(auditIntegrityQuery);
}
