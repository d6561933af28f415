import { createRateLimiter } from '../../platform/auth/rate-limit';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { createAccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { createPasswordService } from './passwords.service';
import { createProfileService } from './profile.service';
import { createProviderProfileRepository } from './provider-profile.repository';
import { createRegistrationService } from './registration.service';

/** Accounts: trial registration with e-mail OTP, forgot/reset password, change password, provider profile (issue 3). Registers the module's routes and job handlers; returns its services for tests. */
export async function registerAccountsModule(app: ZodApp, deps: ModuleDeps) {
  const repo = createAccountsRepository(deps.db);
  const limiter = createRateLimiter(deps.db, deps.clock);
  const registration = createRegistrationService({
    repo,
    mailer: deps.mailer,
    limiter,
    clock: deps.clock,
    access: deps.access,
    principals: deps.principals,
    sessions: deps.sessions,
    log: deps.log,
  });
  const passwords = createPasswordService({
    repo,
    mailer: deps.mailer,
    limiter,
    clock: deps.clock,
    sessions: deps.sessions,
    log: deps.log,
  });
  const profile = createProfileService({
    profiles: createProviderProfileRepository(deps.db),
    repo,
    access: deps.access,
    clock: deps.clock,
  });
  await app.register(
    accountsRoutes({
      registration,
      passwords,
      profile,
      cookieMaxAge: deps.config.sessionAbsoluteSeconds,
      publicUrl: deps.config.publicUrl,
    }),
    { prefix: '/api/accounts' },
  );
  return { registration, passwords, profile };
}
