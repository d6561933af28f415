import type { ModuleDeps, ZodApp } from '../../platform/modules';

/** Accounts: trial registration with e-mail OTP, forgot/reset password, change password, provider profile (issue 3). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerAccountsModule(_app: ZodApp, _deps: ModuleDeps) {
  return {};
}
