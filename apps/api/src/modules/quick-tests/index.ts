import { unitOfWork } from '../../platform/db/unit-of-work';
import { defineModule } from '../../platform/modules';
import { countCard, dashboardWidgets } from '../dashboard';
import { testsModule } from '../tests';
import { createQuickTestsRepository } from './quick-tests.repository';
import { quickTestRoutes } from './quick-tests.routes';
import { createQuickTestsService } from './quick-tests.service';

/**
 * Quick tests (issue 16; part 3 §2 Quick test home and wizard, §4, §5, §7 SimplifiedTest): tests of type 1 worked
 * by SimplifiedTest privilege holders. Sections, schedule, assignment and preview are the shared areas'
 * endpoints; readiness, activation, publish, delete and Clean Data are the tests module's services.
 */
export const quickTestsModule = defineModule({
  name: 'quickTests',
  needs: [testsModule],
  register(app, deps, { tests }) {
    const db = deps.db;
    const { testEditor, testList } = tests;
    const quickTests = createQuickTestsService({
      quick: createQuickTestsRepository(db, deps.clock),
      tests: {
        readiness: testEditor.readiness,
        activate: testEditor.activate,
        publish: testEditor.publish,
        delete: testList.delete,
        cleanData: testList.cleanData,
      },
      withTransaction: unitOfWork(db, (tx) => ({ quick: createQuickTestsRepository(tx, deps.clock) })),
      clock: deps.clock,
    });
    quickTestRoutes(app, quickTests);
    // Part 3 §2 dashboard card 2 for quick-test providers (no ViewTest): their quick tests.
    const count = createQuickTestsRepository(db, deps.clock);
    deps.extensions.contribute(
      dashboardWidgets,
      'quickTests',
      countCard('quickTests', (c) => count.countTests(c.providerId)),
    );
    return { quickTests };
  },
});
