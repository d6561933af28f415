import { createRateLimiter } from '../../platform/auth/rate-limit';
import { createRateLimitRepository } from '../../platform/auth/rate-limit.repository';
import { sessionCookie } from '../../platform/auth/session.plugin';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createAccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { createPasswordService } from './passwords.service';
import { createProfileService } from './profile.service';
import { createProviderProfileRepository } from './provider-profile.repository';
import { createRegistrationService } from './registration.service';

/** Accounts: trial registration with e-mail OTP, forgot/reset password, change password, provider profile (issue 3). Registers the module's routes; returns its services for tests. */
export const accountsModule = defineModule({
  name: 'accounts',
  register(app, deps) {
    const accounts = createAccountsRepository(deps.db);
    const withTransaction = unitOfWork(deps.db, (tx) => ({
      accounts: createAccountsRepository(tx),
      profiles: createProviderProfileRepository(tx),
    }));
    const limiter = createRateLimiter(createRateLimitRepository(deps.db), deps.clock);
    const registration = createRegistrationService({
      accounts,
      withTransaction,
      mailer: deps.mailer,
      limiter,
      clock: deps.clock,
      access: deps.access,
      principals: deps.principals,
      sessions: deps.sessions,
      log: deps.log,
    });
    const passwords = createPasswordService({
      accounts,
      withTransaction,
      mailer: deps.mailer,
      limiter,
      clock: deps.clock,
      sessions: deps.sessions,
      log: deps.log,
    });
    const profile = createProfileService({
      profiles: createProviderProfileRepository(deps.db),
      accounts,
      withTransaction,
      access: deps.access,
      clock: deps.clock,
    });
    accountsRoutes(app, {
      registration,
      passwords,
      profile,
      cookie: sessionCookie(deps.config.sessionAbsoluteSeconds),
      publicUrl: deps.config.publicUrl,
    });
    return { registration, passwords, profile };
  },
});
