import { createRateLimiter } from '../../platform/auth/rate-limit';
import { createRateLimitRepository } from '../../platform/auth/rate-limit.repository';
import { sessionCookie } from '../../platform/auth/session.plugin';
import type { ModuleDeps, ZodApp } from '../../platform/modules';
import { authRoutes } from './auth.routes';
import { createAuthService, type SignInLimits } from './auth.service';

export type { SignInLimits } from './auth.service';

/**
 * Sign-in, sign-out and the session (part 1 §4). Sign-in limits come from `limits`, else from the
 * SIGNIN_* settings (deviation D6).
 */
export function registerAuthModule(
  app: ZodApp,
  deps: Pick<ModuleDeps, 'db' | 'clock' | 'access' | 'principals' | 'sessions' | 'config'>,
  limits: SignInLimits = deps.config.signInLimits,
) {
  const auth = createAuthService({
    access: deps.access,
    principals: deps.principals,
    sessions: deps.sessions,
    limiter: createRateLimiter(createRateLimitRepository(deps.db), deps.clock),
    clock: deps.clock,
    limits,
  });
  authRoutes(app, { auth, cookie: sessionCookie(deps.config.sessionAbsoluteSeconds) });
  return { auth };
}
