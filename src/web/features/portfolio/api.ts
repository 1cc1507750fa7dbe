import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { StopResult } from '../../../contracts/investing';
import type {
  Portfolio,
  PortfolioHistory,
  PortfolioInvestmentsPage,
  Statement,
  StatementKind,
} from '../../../contracts/portfolio';
import { api } from '../../lib/api';

// Fresh for 10 s: the page's first render is served by the prefetch below without asking again.
// Every money movement and every server event invalidates them anyway.
const FRESH_MS = 10_000;

const portfolioQuery = queryOptions({
  queryKey: ['portfolio'],
  queryFn: () => api<Portfolio>('/api/portfolio'),
  retry: 1,
  staleTime: FRESH_MS,
});

/** Same key as the home chart's: one fetch serves both screens. */
const historyQuery = queryOptions({
  queryKey: ['portfolio', 'history'],
  queryFn: () => api<PortfolioHistory>('/api/portfolio/history'),
  retry: 1,
  staleTime: FRESH_MS,
});

export function usePortfolio() {
  return useQuery(portfolioQuery);
}

/**
 * The active investments after the first page (which comes with the portfolio), once asked for.
 * Keyed by where they start, so that a refetched portfolio whose first page moved starts again;
 * enabled (not just fetched by hand) so that invalidation after a stop refetches the pages shown.
 */
export function useMoreInvestments(cursor: string | null, wanted: boolean) {
  return useInfiniteQuery({
    queryKey: ['portfolio', 'investments', cursor],
    queryFn: ({ pageParam }) =>
      api<PortfolioInvestmentsPage>(`/api/portfolio/investments?cursor=${encodeURIComponent(pageParam)}`),
    initialPageParam: cursor ?? '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: wanted && cursor !== null,
  });
}

export function usePortfolioHistory() {
  return useQuery(historyQuery);
}

export function useStopInvestment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; key: string }) =>
      api<StopResult>(`/api/investments/${encodeURIComponent(input.id)}/stop`, {
        method: 'POST',
        idempotencyKey: input.key,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export interface StatementFilter {
  type: StatementKind | '';
  from: string;
  to: string;
}

export function statementParams(filter: StatementFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.type) params.set('type', filter.type);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params;
}

/** The statement as the page first shows it. */
export const allLines: StatementFilter = { type: '', from: '', to: '' };

const statementQuery = (filter: StatementFilter) =>
  infiniteQueryOptions({
    queryKey: ['statement', filter],
    queryFn: ({ pageParam }) => {
      const params = statementParams(filter);
      params.set('limit', '25');
      if (pageParam) params.set('cursor', pageParam);
      return api<Statement>(`/api/statement?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  });

/** `enabled` false keeps the lines of the last filter asked for (a range that ends before it starts asks for none). */
export function useStatement(filter: StatementFilter, enabled = true) {
  return useInfiniteQuery({ ...statementQuery(filter), enabled });
}

/**
 * Everything the page shows at first, asked for together (main.tsx, before the first render, so
 * that the page renders once, whole, instead of once per answer).
 */
export function prefetchPortfolio(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(portfolioQuery),
    client.prefetchQuery(historyQuery),
    client.prefetchInfiniteQuery(statementQuery(allLines)),
  ]);
}
