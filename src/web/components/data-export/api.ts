import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportResponse } from '../../../contracts/data-export';
import { api } from '../../lib/api';

const key = ['data-export'] as const;

/** The newest export; polled every second while it is being built (the page shows the progress live). */
export function useDataExport() {
  return useQuery({
    queryKey: key,
    queryFn: async () => (await api<DataExportResponse>('/api/data-export')).export,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'building' ? 1000 : false;
    },
  });
}

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { password: string; code?: string }) =>
      (await api<DataExportResponse>('/api/data-export', { method: 'POST', body })).export,
    onSuccess: (view) => client.setQueryData(key, view),
  });
}
