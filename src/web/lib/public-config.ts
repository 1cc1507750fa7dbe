import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../contracts/public-config';
import { api } from './api';

/** Advertised rates, demo flag and support address from the operator configuration (GET /api/public/config). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>('/api/public/config'),
    staleTime: 5 * 60_000,
  });
}
