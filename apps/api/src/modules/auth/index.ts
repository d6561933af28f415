import { createRateLimiter } from '../../platform/auth/rate-limit';
import { createRateLimitRepository } from '../../platform/auth/rate-limit.repository';
import { sessionCookie } from '../../platform/auth/session.plugin';
import { defineModule } from '../../platform/modules';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';

export type { SignInLimits } from './auth.service';

/**
 * Sign-in, sign-out and the session (part 1 §4). Sign-in limits come from the settings (SIGNIN_*, deviation D6;
 * buildApp's `signInLimits` option puts a test's in their place).
 */
export const authModule = defineModule({
  name: 'auth',
  register(app, deps) {
    const auth = createAuthService({
      access: deps.access,
      principals: deps.principals,
      sessions: deps.sessions,
      limiter: createRateLimiter(createRateLimitRepository(deps.db), deps.clock),
      clock: deps.clock,
      limits: deps.config.signInLimits,
    });
    authRoutes(app, { auth, cookie: sessionCookie(deps.config.sessionAbsoluteSeconds) });
    return { auth };
  },
});
