import { useQuery } from '@tanstack/react-query';
import type { BtcHistoryResponse, BtcPriceResponse } from '../../../contracts/market';
import { api } from '../../lib/api';

export function useBtcPrice(enabled: boolean) {
  return useQuery({
    queryKey: ['market', 'btc'],
    queryFn: () => api<BtcPriceResponse>('/api/market/btc'),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useBtcHistory(enabled: boolean, days: number) {
  return useQuery({
    queryKey: ['market', 'btc', 'history', days],
    queryFn: () => api<BtcHistoryResponse>(`/api/market/btc/history?days=${days}`),
    enabled,
  });
}
