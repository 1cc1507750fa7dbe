import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertList, AlertStatusFilter } from '../../../contracts/monitoring';
import { api } from '../../lib/api';

const base = '/api/admin/alerts';

/** The first `limit` monitoring alerts of one status (open ones oldest first), and how many there are. */
export function useAlerts(status: AlertStatusFilter, limit: number) {
  return useQuery({
    queryKey: ['admin', 'alerts', status, limit],
    queryFn: () => api<AlertList>(`${base}?status=${status}&limit=${limit}`),
    // A longer page keeps the shorter one on screen until it arrives.
    placeholderData: keepPreviousData,
  });
}

/** Resolves an alert with the operator's note; every list of alerts is refetched. */
export function useResolveAlert(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      api<Alert>(`${base}/${encodeURIComponent(id)}/resolve`, { method: 'POST', body: { note } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'alerts'] }),
  });
}
