import {
  type ChangePasswordBody,
  type ChangePasswordResult,
  type ExistsResult,
  type ProviderProfile,
  type RegisterBody,
  type ResetLinkResult,
  type ResetPasswordBody,
  type SendOtpResult,
  type Session,
  sessionSchema,
  type TrialInfo,
  type UpdateProviderProfileBody,
  type VerifyOtpResult,
} from '@assess/contracts/auth';
import type { MessageResult } from '@assess/contracts/common';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { authKeys } from '../auth/session';

/** Query keys of the accounts area. */
export const accountsKeys = {
  provider: ['accounts', 'provider'] as const,
  trial: ['accounts', 'trial'] as const,
  resetLink: (token: string) => ['accounts', 'reset-link', token] as const,
  exists: (what: string, value: string) => ['accounts', 'exists', what, value] as const,
};

const q = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;

export const accountsApi = {
  sendOtp: (email: string) => api.post<SendOtpResult>('/accounts/otp', { email }),
  verifyOtp: (email: string, otp: string) =>
    api.post<VerifyOtpResult>('/accounts/otp/verify', { email, otp }),
  register: (body: RegisterBody) =>
    api
      .post<{ message: string; session: unknown }>('/accounts/register', body)
      .then((r) => ({ message: r.message, session: sessionSchema.parse(r.session) })),
  forgot: (email: string) => api.post<MessageResult>('/accounts/password/forgot', { email }),
  resetLink: (token: string) => api.post<ResetLinkResult>('/accounts/password/reset/check', { token }),
  reset: (body: ResetPasswordBody) => api.post<MessageResult>('/accounts/password/reset', body),
  change: (body: ChangePasswordBody) => api.post<ChangePasswordResult>('/accounts/password/change', body),
  provider: () => api.get<ProviderProfile>('/accounts/provider'),
  updateProvider: (body: UpdateProviderProfileBody) =>
    api.put<{ providerId: number; message: string }>('/accounts/provider', body),
  trial: () => api.get<TrialInfo>('/accounts/trial'),
};

/** A value that settles `ms` after the last change (live checks while typing). */
export function useDebounced<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * Live existence check (debounced) of a value that passes `isValid`: registration's e-mail and mobile,
 * or the profile's among other providers (`scope: 'provider'`).
 */
export function useExists(
  what: 'email' | 'mobile',
  value: string,
  isValid: (v: string) => boolean,
  scope: 'account' | 'provider' = 'account',
) {
  const settled = useDebounced(value.trim());
  const enabled = settled !== '' && isValid(settled);
  const base = scope === 'provider' ? '/accounts/provider' : '/accounts';
  const query = useQuery({
    queryKey: [...accountsKeys.exists(`${scope}-${what}`, settled)],
    queryFn: () => api.get<ExistsResult>(`${base}/${what}-exists${q({ [what]: settled })}`),
    enabled,
    staleTime: 30_000,
  });
  /** True only when the server said so for the value now in the field. */
  const exists = enabled && settled === value.trim() && query.data?.exists === true;
  const checking = value.trim() !== settled || query.isFetching;
  return { exists, checking };
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: accountsApi.register,
    onSuccess: (r) => qc.setQueryData<Session | null>(authKeys.session, r.session),
  });
}

export function useProviderProfile(enabled: boolean) {
  return useQuery({ queryKey: accountsKeys.provider, queryFn: accountsApi.provider, enabled, staleTime: 0 });
}

export function useTrialInfo(enabled: boolean) {
  return useQuery({ queryKey: accountsKeys.trial, queryFn: accountsApi.trial, enabled, staleTime: 60_000 });
}
