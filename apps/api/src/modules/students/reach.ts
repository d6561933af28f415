import { studentMessages as m, STUDENT_USER_TYPE } from '@assess/contracts/students';
import { notFound } from '../../platform/http/errors';
import type { StudentOwner, StudentQueries } from './student-queries.repository';

/**
 * The ids as students within the caller's reach (its provider and that provider's child providers). Any
 * other id — another provider's student, a staff user, an unknown id — refuses the whole request with 404,
 * so nothing is done and nothing is revealed.
 */
export async function studentsInReach(
  repo: Pick<StudentQueries, 'reachOf' | 'owners'>,
  providerId: number,
  ids: number[],
): Promise<StudentOwner[]> {
  const unique = [...new Set(ids)];
  const [reach, owners] = await Promise.all([repo.reachOf(providerId), repo.owners(unique)]);
  const ok = owners.filter((o) => o.userTypeId === STUDENT_USER_TYPE && reach.includes(o.providerId));
  if (ok.length !== unique.length) throw notFound(m.notFound);
  return ok;
}
