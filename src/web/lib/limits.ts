import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LimitsView } from '../../contracts/limits';
import { api } from './api';

/**
 * The investor's tier, limits and what is left (decision 037), for /profile and /withdraw. Under
 * the identity's key (`['accounts', 'identity']`): whatever refreshes the identity (an operator's
 * decision) refreshes the limits it raises.
 */
export const limitsQuery = queryOptions({
  queryKey: ['accounts', 'identity', 'limits'],
  queryFn: () => api<LimitsView>('/api/limits'),
});

export function useLimits() {
  return useQuery(limitsQuery);
}
