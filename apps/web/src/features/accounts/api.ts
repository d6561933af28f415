import {
  type ChangePasswordBody,
  accountsEndpoints as e,
  type RegisterBody,
  type ResetPasswordBody,
  type Session,
  type UpdateProviderProfileBody,
} from '@assess/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveCheck } from '../../components/useLiveCheck';
import { call } from '../../lib/api';
import { authKeys } from '../auth/session';

/** Query keys of the accounts area. */
export const accountsKeys = {
  provider: ['accounts', 'provider'] as const,
  trial: ['accounts', 'trial'] as const,
  resetLink: (token: string) => ['accounts', 'reset-link', token] as const,
  exists: (what: string, value: string) => ['accounts', 'exists', what, value] as const,
};

/** The accounts calls (trial registration, passwords, provider profile, trial notice). */
export const accountsApi = {
  sendOtp: (email: string) => call(e.sendOtp, { body: { email } }),
  verifyOtp: (email: string, otp: string) => call(e.verifyOtp, { body: { email, otp } }),
  forgot: (email: string) => call(e.forgotPassword, { body: { email } }),
  resetLink: (token: string) => call(e.resetLink, { body: { token } }),
  reset: (body: ResetPasswordBody) => call(e.resetPassword, { body }),
  change: (body: ChangePasswordBody) => call(e.changePassword, { body }),
  updateProvider: (body: UpdateProviderProfileBody) => call(e.updateProvider, { body }),
};

const existsEndpoints = {
  account: { email: e.emailExists, mobile: e.mobileExists },
  provider: { email: e.providerEmailExists, mobile: e.providerMobileExists },
} as const;

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
  const { answer, checking } = useLiveCheck({
    value: value.trim(),
    worthAsking: (settled) => settled !== '' && isValid(settled),
    queryKey: (settled) => [...accountsKeys.exists(`${scope}-${what}`, settled)],
    ask: (settled) =>
      what === 'email'
        ? call(existsEndpoints[scope].email, { query: { email: settled } })
        : call(existsEndpoints[scope].mobile, { query: { mobile: settled } }),
    staleTime: 30_000,
  });
  /** True only when the server said so for the value now in the field. */
  return { exists: answer?.exists === true, checking };
}

/** Create User; the answer's session becomes the console's session (the same call signs in). */
export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => call(e.register, { body }),
    onSuccess: (r) => qc.setQueryData<Session | null>(authKeys.session, r.session),
  });
}

export function useProviderProfile(enabled: boolean) {
  return useQuery({
    queryKey: accountsKeys.provider,
    queryFn: () => call(e.provider),
    enabled,
    staleTime: 0,
  });
}

export function useTrialInfo(enabled: boolean) {
  return useQuery({
    queryKey: accountsKeys.trial,
    queryFn: () => call(e.trial),
    enabled,
    staleTime: 60_000,
  });
}
