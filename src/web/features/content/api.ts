import { useQuery } from '@tanstack/react-query';
import type { PortfolioHistory } from '../../../contracts/portfolio';
import { api } from '../../lib/api';

export function usePortfolioHistory(enabled: boolean) {
  return useQuery({
    queryKey: ['portfolio', 'history'],
    queryFn: () => api<PortfolioHistory>('/api/portfolio/history'),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
