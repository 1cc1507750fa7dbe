import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CashierHistory, DepositConfig, Withdrawal } from '../../../contracts/cashier';
import type { ChainClaimResponse, ChainPayments, ChainSender, ChainSenders } from '../../../contracts/chain';
import type { WithdrawalHold } from '../../../contracts/chain-holds';
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

const depositAddressesQuery = queryOptions({
  queryKey: ['deposit-addresses'],
  queryFn: () => api<DepositConfig>('/api/deposits/addresses'),
  staleTime: 5 * 60_000,
});

export function useDepositAddresses() {
  return useQuery(depositAddressesQuery);
}

/**
 * The addresses are drawn above the deposit form: fetched with the screen when it is the first one
 * opened, so that the form is not pushed down once they arrive (a layout shift of 0.48).
 */
export function prefetchDepositPage(client: QueryClient): Promise<unknown> {
  return client.prefetchQuery(depositAddressesQuery);
}

/** The person's payments seen on chain, refreshed while the screen is open (a block every few minutes). */
export function useChainPayments() {
  return useQuery({
    queryKey: ['chain-payments'],
    queryFn: () => api<ChainPayments>('/api/deposits/chain-payments'),
    refetchInterval: 30_000,
  });
}

/** Whether the person's withdrawals are held since a deposit's transaction left the blockchain (decision 058). */
export function useWithdrawalHold() {
  return useQuery({
    queryKey: ['withdrawal-chain-hold'],
    queryFn: () => api<WithdrawalHold>('/api/withdrawals/chain-hold'),
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

/** Claims a transaction sent to the platform's USDT (TRC-20) or SOL address (decision 060). */
export function useChainClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { coin: string; txid: string }) =>
      api<ChainClaimResponse>('/api/deposits/chain-claims', { body }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The addresses the person registered to send USDT (TRC-20) or SOL from (decision 063). */
export function useChainSenders() {
  return useQuery({
    queryKey: ['chain-senders'],
    queryFn: () => api<ChainSenders>('/api/deposits/chain-senders'),
  });
}

/** Registers a sending address, before paying from it. */
export function useRegisterChainSender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { coin: string; address: string }) => api<ChainSender>('/api/deposits/chain-senders', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['chain-senders'] }),
  });
}
