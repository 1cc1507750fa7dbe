import { useQuery } from '@tanstack/react-query';
import type { PortfolioHistory } from '../../../contracts/portfolio';
import type { PublicConfig } from '../../../contracts/public-config';
import { api } from '../../lib/api';

/** Advertised rates and demo flag from the operator configuration (GET /api/public/config). */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfig>('/api/public/config'),
    staleTime: 5 * 60_000,
  });
}

export function usePortfolioHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['portfolio', 'history'],
    queryFn: () => api<PortfolioHistory>('/api/portfolio/history'),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
