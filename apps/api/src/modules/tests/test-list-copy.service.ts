import { type TestCopyInput, testMessages } from '@assess/contracts/tests';
import { assertWithinLicence } from '../../platform/access/licence';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { badRequest, isUniqueViolation } from '../../platform/http/errors';
import type { TestListRepository } from './test-list.repository';
import { assertTestAction, ownTestForUpdate, type TestListCaller } from './test-list.service';
import type { TestCopyRepository } from './test-list-copy.repository';

type Repos = { list: TestListRepository; copy: TestCopyRepository };

/** A code or name already used by another of the provider's tests: the editor's messages. */
const takenMessage = (field: 'code' | 'name') =>
  field === 'code' ? testMessages.codeExists : testMessages.nameExists;

/**
 * Test copy (part 3 §5, §7 copyTest, §8): an own, unlocked test with its sections, their fixed questions and
 * topics, in one transaction, counted by the package's Tests limit. The copy starts as an inactive Draft.
 * A refusal answers the server message; the console adds '. Please update the test code and try again.'.
 */
export function createTestCopyService(deps: { withTransaction: UnitOfWork<Repos>; clock: () => Date }) {
  return {
    async copy(c: TestListCaller, testId: number, body: Required<TestCopyInput>) {
      const values = { code: body.code, name: body.name, userId: c.userId, now: deps.clock() };
      const newId = await deps
        .withTransaction(async ({ list, copy }) => {
          const source = await ownTestForUpdate(list, c, testId);
          assertTestAction('copy', source, c);
          assertWithinLicence(c, 'Tests', await copy.lockAndCountTests(c.providerId));
          for (const field of ['code', 'name'] as const)
            if (await copy.taken(c.providerId, field, values[field]))
              throw badRequest(takenMessage(field), { [field]: [takenMessage(field)] });
          const id = await copy.insertTest(testId, values);
          await copy.copySections(testId, id, values);
          await copy.copySectionSources(testId, id, values);
          return id;
        })
        .catch((err: unknown) => {
          if (isUniqueViolation(err, 'tests_code_uq')) throw badRequest(takenMessage('code'));
          if (isUniqueViolation(err, 'tests_name_uq')) throw badRequest(takenMessage('name'));
          throw err;
        });
      return { message: testMessages.copied, testId: newId };
    },
  };
}
export type TestCopyService = ReturnType<typeof createTestCopyService>;
