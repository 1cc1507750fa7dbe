import { queryOptions } from '@tanstack/react-query';
import type { LiabilityRound, LiabilityRounds } from '../../contracts/liabilities';
import type { PublishedRound } from '../../core/liabilities/tree';
import { api } from './api';

/** The published rounds: the public page lists them, the verifiers take the root from here. */
export const liabilityRoundsQuery = queryOptions({
  queryKey: ['liabilities', 'rounds'],
  queryFn: () => api<LiabilityRounds>('/api/liabilities/rounds'),
  // The server answers 304 while the list is unchanged: asking again on every visit is cheap.
  staleTime: 0,
});

export function publishedRound(r: LiabilityRound): PublishedRound {
  return { round: r.round, asset: r.asset, height: r.height, root: r.root, total: r.total };
}
