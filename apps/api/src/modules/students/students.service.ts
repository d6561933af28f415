import { type ConfigurationLists, listNameOf } from '@assess/contracts/configuration';
import {
  type EmailLookup,
  isValidEmail,
  studentMessages as m,
  STUDENT_USER_TYPE,
  type StudentListQuery,
  type StudentLookups,
  type StudentRegistration,
  StudentStatus,
  studentLookupKeys,
} from '@assess/contracts/students';
import { assertWithinLicence } from '../../platform/access/licence';
import { hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import type { UnitOfWork } from '../../platform/db/unit-of-work';
import { type AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { ConfigurationReader } from '../configuration';
import { studentsInReach } from './reach';
import type { StudentQueries } from './student-queries.repository';
import type { StudentsRepository } from './students.repository';

type Caller = Pick<Principal, 'userId' | 'providerId' | 'licence'>;

/** Which configuration list each form field must hold a value of. */
const listOf = (l: ConfigurationLists) => ({
  state: l.state,
  city: l.city,
  fatherProfession: l.profession,
  language: l.language,
  board: l.educationBoard,
  class: l.class,
  education: l.education,
});

/** A unique-constraint failure on users, as the form's message. */
function duplicateMessage(err: unknown, emailMessage: string): AppError | null {
  if (!isUniqueViolation(err)) return null;
  const e = ((err as { cause?: unknown }).cause ?? err) as {
    constraint?: string;
    detail?: string;
    message?: string;
  };
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`;
  return conflict(/mobile/i.test(text) ? m.mobileExists : emailMessage);
}

/** What the form writes beside the user row: profile, education, interests and siblings. */
const detailsOf = (
  body: StudentRegistration,
  userId: number,
  providerId: number,
  actorId: number,
  now: Date,
) => ({
  userId,
  providerId,
  info: body.studentInfo,
  education: body.educationInfo,
  interestList: body.interestList,
  siblings: body.siblingDetailsList,
  actorId,
  now,
});

/** Students: grid, form (add, update, e-mail lookup), approve and reject (issue 5). */
export function createStudentsService(deps: {
  queries: Pick<StudentQueries, 'reachOf' | 'owners' | 'studentRows' | 'countRows' | 'assignableCourses'>;
  students: Pick<StudentsRepository, 'userByEmail' | 'mobileTaken' | 'detail' | 'deleteStudents'>;
  /** The configuration module's reader: the provider's active lists. */
  configuration: Pick<ConfigurationReader, 'listsFor'>;
  withTransaction: UnitOfWork<{
    students: Pick<StudentsRepository, 'insertUser' | 'updateUser' | 'saveDetails' | 'saveEducationOnly'>;
    queries: Pick<StudentQueries, 'lockAndCountStudents'>;
  }>;
  clock: () => Date;
}) {
  const { queries, students: repo } = deps;

  /** Configuration values and interests chosen on the form must be active values of the caller's own lists. */
  async function checkLookups(p: Caller, body: StudentRegistration) {
    const chosen: [keyof ReturnType<typeof listOf>, number | null][] = [
      ['state', body.studentInfo.state],
      ['city', body.studentInfo.city],
      ['fatherProfession', body.studentInfo.fatherProfession],
      ['language', body.educationInfo.language],
      ['board', body.educationInfo.board],
      ['class', body.educationInfo.class],
      ['education', body.educationInfo.education],
    ];
    const lists = await deps.configuration.listsFor(p.providerId);
    const of = listOf(lists);
    const fields: Record<string, string[]> = {};
    for (const [field, id] of chosen) {
      if (id !== null && !of[field].some((o) => o.id === id)) fields[field] = [m.registrationError];
    }
    const interests = new Set(lists.interest.map((i) => i.id));
    if (body.interestList.some((id) => !interests.has(id))) fields.interestList = [m.registrationError];
    if (Object.keys(fields).length) throw badRequest(m.registrationError, fields);
  }

  return {
    /** One grid page (newest first) and the count of the filter, read side by side. */
    async list(p: Caller, q: StudentListQuery) {
      const filter = {
        providerIds: await queries.reachOf(p.providerId),
        active: q.status === StudentStatus.Active,
      };
      const [items, totalCount] = await Promise.all([
        queries.studentRows(filter, { limit: q.pageSize, offset: (q.pageNumber - 1) * q.pageSize }),
        queries.countRows(filter),
      ]);
      return { items, totalCount };
    },

    courses: (p: Caller) => queries.assignableCourses(p.providerId, deps.clock()),

    /** The form's lists by configuration key, and the interests (the configuration module's active lists). */
    async lookups(p: Caller): Promise<StudentLookups> {
      const lists = await deps.configuration.listsFor(p.providerId);
      const values = Object.fromEntries(
        studentLookupKeys.map((k) => [
          k,
          lists[listNameOf(k)].map((o) => ({ id: o.id, valueString: o.value, isDefault: o.isDefault })),
        ]),
      ) as StudentLookups['values'];
      return { values, interests: lists.interest.map((i) => ({ interestId: i.id, interests: i.value })) };
    },

    async detail(p: Caller, userId: number) {
      await studentsInReach(queries, p.providerId, [userId]);
      const d = await repo.detail(userId);
      if (!d) throw notFound(m.notFound);
      return d;
    },

    /**
     * The e-mail lookup of the add form: a student within the caller's reach comes back with its details
     * (never a password); anyone else holding the e-mail is reported only as existing.
     */
    async lookupEmail(p: Caller, email: string): Promise<EmailLookup> {
      if (!isValidEmail(email)) return { found: 'none' };
      const user = await repo.userByEmail(email);
      if (!user) return { found: 'none' };
      const reach = await queries.reachOf(p.providerId);
      if (user.userTypeId === STUDENT_USER_TYPE && reach.includes(user.providerId)) {
        const student = await repo.detail(user.userId);
        if (student) return { found: 'inReach', message: m.alreadyRegistered, student };
      }
      return { found: 'exists', message: m.emailExists };
    },

    async mobileTaken(mobile: string, exceptUserId?: number) {
      const exists = await repo.mobileTaken(mobile, exceptUserId);
      return { exists, message: exists ? m.mobileExists : null };
    },

    /**
     * Adds a student (user type 4, user name = e-mail) within the licence's student count. An e-mail of a
     * student already within the caller's reach re-registers that student: education and interests are
     * updated; name, contact, parent details and password stay as stored.
     */
    async register(p: Caller, body: StudentRegistration) {
      const now = deps.clock();
      const existing = await repo.userByEmail(body.studentInfo.email);
      if (existing) {
        const reach = await queries.reachOf(p.providerId);
        if (existing.userTypeId !== STUDENT_USER_TYPE || !reach.includes(existing.providerId)) {
          throw conflict(m.emailExists);
        }
        await checkLookups(p, body);
        await deps.withTransaction(({ students }) =>
          students.saveEducationOnly({
            userId: existing.userId,
            education: body.educationInfo,
            interestList: body.interestList,
            actorId: p.userId,
            now,
          }),
        );
        return { userId: existing.userId, message: m.registered };
      }
      if (await repo.mobileTaken(body.studentInfo.mobile)) throw conflict(m.mobileExists);
      if (!body.studentInfo.passCode) {
        throw badRequest(m.passwordPolicy, { 'studentInfo.passCode': [m.passwordPolicy] });
      }
      await checkLookups(p, body);
      const passwordHash = await hashPassword(body.studentInfo.passCode);
      try {
        const userId = await deps.withTransaction(async ({ students, queries: q }) => {
          assertWithinLicence(p, 'Students', await q.lockAndCountStudents(p.providerId));
          const id = await students.insertUser({
            providerId: p.providerId,
            info: body.studentInfo,
            passwordHash,
            isActive: true,
            actorId: p.userId,
          });
          await students.saveDetails(detailsOf(body, id, p.providerId, p.userId, now));
          return id;
        });
        return { userId, message: m.registered };
      } catch (err) {
        throw duplicateMessage(err, m.emailExists) ?? err;
      }
    },

    /** Updates a student of the caller's reach; an empty password keeps the stored one. */
    async update(p: Caller, userId: number, body: StudentRegistration) {
      const [owner] = await studentsInReach(queries, p.providerId, [userId]);
      const now = deps.clock();
      const byEmail = await repo.userByEmail(body.studentInfo.email);
      if (byEmail && byEmail.userId !== userId) throw conflict(m.emailIdExists);
      if (await repo.mobileTaken(body.studentInfo.mobile, userId)) throw conflict(m.mobileExists);
      await checkLookups(p, body);
      const passwordHash = body.studentInfo.passCode ? await hashPassword(body.studentInfo.passCode) : null;
      try {
        await deps.withTransaction(async ({ students }) => {
          await students.updateUser(userId, body.studentInfo, passwordHash, p.userId, now);
          await students.saveDetails(detailsOf(body, userId, owner.providerId, p.userId, now));
        });
      } catch (err) {
        throw duplicateMessage(err, m.emailIdExists) ?? err;
      }
      return { userId, message: m.updated };
    },

    async remove(p: Caller, userId: number) {
      await studentsInReach(queries, p.providerId, [userId]);
      await repo.deleteStudents([userId]);
      return { message: m.deleted };
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
