import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LoginBody,
  LoginResult,
  SessionList,
  SignupBody,
  SignupResult,
  TwoFactorSetup,
} from '../../../contracts/accounts';
import type { IdentityState } from '../../../contracts/identity';
import type { AccountNonce } from '../../../contracts/liabilities';
import { api } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { meQueryKey } from '../../lib/session';

const sessionsKey = ['accounts', 'sessions'] as const;

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupBody) =>
      api<SignupResult>('/api/accounts/signup', { method: 'POST', body: { ...body, locale: currentLanguage() } }),
  });
}

/** After any sign-in: the session cookie is set; the profile takes the language chosen on this device. */
function useSignedIn() {
  const client = useQueryClient();
  return async () => {
    await api('/api/me/locale', { method: 'PATCH', body: { locale: currentLanguage() } }).catch(() => undefined);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    await client.invalidateQueries({ queryKey: meQueryKey });
  };
}

export function useLogin(admin = false) {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      const result = await api<LoginResult>(admin ? '/api/accounts/admin-login' : '/api/accounts/login', {
        method: 'POST',
        body,
      });
      if (!result.twoFactorRequired) await signedIn();
      return result;
    },
  });
}

export function useVerifyTwoFactor() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (body: { code: string; recovery: boolean; trustDevice: boolean }) => {
      await api('/api/accounts/login/two-factor', { method: 'POST', body });
      await signedIn();
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api('/api/accounts/password/forgot', { method: 'POST', body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; newPassword: string; confirmPassword: string }) =>
      api('/api/accounts/password/reset', { method: 'POST', body }),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      api('/api/accounts/password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const sessionsQuery = queryOptions({
  queryKey: sessionsKey,
  queryFn: async () => (await api<SessionList>('/api/accounts/sessions')).sessions,
});

export function useSessions() {
  return useQuery(sessionsQuery);
}

export function useRevokeOthers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/accounts/sessions/revoke-others', { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/accounts/sessions/revoke-all', { method: 'POST', body: {} }),
    onSuccess: () => {
      client.setQueryData(meQueryKey, null);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api<TwoFactorSetup>('/api/accounts/two-factor/enable', { method: 'POST', body: { password } }),
  });
}

export function useConfirmTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/accounts/two-factor/confirm', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api('/api/accounts/two-factor/disable', { method: 'POST', body: { password } }),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const identityKey = ['accounts', 'identity'] as const;

/** The investor's identity verification (decision 036); live events refetch it when an operator decides. */
export const identityQuery = queryOptions({
  queryKey: identityKey,
  queryFn: () => api<IdentityState>('/api/identity'),
});

export function useIdentity() {
  return useQuery(identityQuery);
}

/** The secret the verifiers of the proof of liabilities need (it never changes). */
export const nonceQuery = queryOptions({
  queryKey: ['liabilities', 'nonce'],
  queryFn: () => api<AccountNonce>('/api/liabilities/nonce'),
  staleTime: Infinity,
});
