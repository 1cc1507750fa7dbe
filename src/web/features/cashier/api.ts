import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CashierHistory, DepositConfig, Withdrawal } from '../../../contracts/cashier';
import type { Recipient, TransferResult } from '../../../contracts/investing';
import { api } from '../../lib/api';

export function useRecipientCheck() {
  return useMutation({
    mutationFn: (uid: string) => api<Recipient>(`/api/transfers/recipient?uid=${encodeURIComponent(uid.trim())}`),
  });
}

export function useTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { recipientUid: string; amount: string; key: string }) =>
      api<TransferResult>('/api/transfers', {
        body: { recipientUid: input.recipientUid, amount: input.amount },
        idempotencyKey: input.key,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDepositAddresses() {
  return useQuery({
    queryKey: ['deposit-addresses'],
    queryFn: () => api<DepositConfig>('/api/deposits/addresses'),
    staleTime: 5 * 60_000,
  });
}

export function useCashierHistory() {
  return useQuery({ queryKey: ['cashier-history'], queryFn: () => api<CashierHistory>('/api/cashier/history') });
}

export function useWithdraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; crypto: string; address: string; key: string; previousId?: string }) =>
      api<Withdrawal>('/api/withdrawals', {
        body: {
          amount: input.amount,
          crypto: input.crypto,
          address: input.address,
          ...(input.previousId ? { previousId: input.previousId } : {}),
        },
        idempotencyKey: input.key,
      }),
    onSuccess: () => client.invalidateQueries(),
  });
}
