import { defineModule } from '../../platform/modules';
import { learnerModule } from '../learner';
import { questionBankModule } from '../question-bank';
import { createOmrReadJob } from './omr.job';
import { createOmrRepository } from './omr.repository';
import { omrRoutes } from './omr.routes';
import { createOmrService } from './omr.service';
import { omrReadTask } from './tasks';

export { omrCpuTasks } from './cpu';

/**
 * OMR paper tests (issue 25; part 3 §2 the tests list's Download OMR / Upload answers and the answer zip dialog,
 * §4 row rules, §5, §6, §7 createOmrSheet / readOmrSheet, §8, §9): printable answer sheets (a paper form freezes
 * the test's questions), reading a zip of scans or photos on the CPU pool into scored paper attempts (the learner
 * module's), and the correction queue.
 */
export const omrModule = defineModule({
  name: 'omr',
  needs: [learnerModule, questionBankModule],
  register(app, deps, { learner, questionBank }) {
    const repo = createOmrRepository(deps.db);
    const omr = createOmrService({
      files: deps.files,
      tasks: deps.tasks,
      clock: deps.clock,
      repo,
      paper: learner.paperAttempts,
      images: questionBank.images,
    });
    deps.tasks.handle(
      omrReadTask,
      createOmrReadJob({ files: deps.files, cpu: deps.cpu, clock: deps.clock, repo, service: omr }),
    );
    omrRoutes(app, { omr });
    return { omr };
  },
});
