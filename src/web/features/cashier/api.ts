import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferResult } from '../../../contracts/investing';
import { api } from '../../lib/api';

export function useRecipientCheck() {
  return useMutation({
    mutationFn: (uid: string) => api<{ uid: string; maskedName: string }>(`/api/transfers/recipient?uid=${encodeURIComponent(uid.trim())}`),
  });
}

export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipientUid: string; amount: string; key: string }) =>
      api<TransferResult>('/api/transfers', { body: { recipientUid: input.recipientUid, amount: input.amount }, idempotencyKey: input.key }),
    onSuccess: () => client.invalidateQueries(),
  });
}
