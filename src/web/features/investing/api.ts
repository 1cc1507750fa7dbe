import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Area } from '../../../core/areas';
import type { InvestResult } from '../../../contracts/investing';
import { api } from '../../lib/api';

export function useInvest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { area: Area; amount: string; key: string }) =>
      api<InvestResult>('/api/investments', {
        body: { area: input.area, amount: input.amount },
        idempotencyKey: input.key,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
