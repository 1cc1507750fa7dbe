import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertList, AlertStatusFilter } from '../../../contracts/monitoring';
import { api } from '../../lib/api';

const base = '/api/admin/alerts';

/** The monitoring alerts of one status (open ones oldest first). */
export function useAlerts(status: AlertStatusFilter) {
  return useQuery({
    queryKey: ['admin', 'alerts', status],
    queryFn: async () => (await api<AlertList>(`${base}?status=${status}`)).alerts,
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
