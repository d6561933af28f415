import { hashPassword } from '../../platform/auth/passwords';
import { createSessionRepository } from '../../platform/auth/session.repository';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { createApplicationUsersRepository } from './application-users.repository';
import { applicationUsersRoutes } from './application-users.routes';
import { createApplicationUsersService } from './application-users.service';

/** Application users (issue 17): registers the module's routes; returns its services for tests. */
export const applicationUsersModule = defineModule({
  name: 'applicationUsers',
  register(app, deps) {
    const users = createApplicationUsersService({
      users: createApplicationUsersRepository(deps.db),
      withTransaction: unitOfWork(deps.db, (tx) => ({
        users: createApplicationUsersRepository(tx),
        sessions: createSessionRepository(tx),
      })),
      hashPassword,
      clock: deps.clock,
    });
    applicationUsersRoutes(app, { users });
    return { users };
  },
});
