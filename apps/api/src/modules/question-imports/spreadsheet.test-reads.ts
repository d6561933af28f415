// What the spreadsheet imports stored (the row written or not written is what their tests assert), read through the
// question bank's own repositories as its grid and its question dialog read them. Test reads only read, and only
// through repositories: the architecture test refuses drizzle-orm, db/schema or a write in a *.test-reads.ts.
import {
  createQuestionGridRepository,
  createQuestionsRepository,
  type QuestionsRepository,
} from '../question-bank';
import { ids, t } from './spreadsheet.test-support';

/** The ERP's own questions only (none of its content providers'). */
const erpOnly = () => ({ ownProviderId: ids.erp, contentProviderIds: [] });

/** The ERP's questions, counted. */
export const questionCount = async () =>
  (await createQuestionGridRepository(t.deps.db).page({ scope: erpOnly() }, 1, 1)).totalCount;

type StoredQuestion = NonNullable<Awaited<ReturnType<QuestionsRepository['visible']>>>;

/** The ERP's stored question of `code` (its columns as the import wrote them), or undefined (as a row list's [0]). */
export async function byCode(code: string) {
  const { items } = await createQuestionGridRepository(t.deps.db).page({ scope: erpOnly(), code }, 1, 100);
  const found = items.find((q) => q.code === code);
  const stored: StoredQuestion[] = [];
  const row = found && (await createQuestionsRepository(t.deps.db).visible(found.questionId, erpOnly()));
  if (row) stored.push(row);
  return stored[0];
}
