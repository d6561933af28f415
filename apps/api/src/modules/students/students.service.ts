import {
  COURSE_OPTIONS_LIMIT,
  type EmailLookup,
  isValidEmail,
  studentMessages as m,
  STUDENT_USER_TYPE,
  type StudentListQuery,
  type StudentRegistration,
  StudentStatus,
} from '@assess/contracts/students';
import { assertWithinLicence } from '../../platform/access/licence';
import { hashPassword } from '../../platform/auth/passwords';
import type { Principal } from '../../platform/auth/principal';
import { type AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../platform/http/errors';
import type { ModuleDeps } from '../../platform/modules';
import { studentsInReach } from './reach';
import { createStudentsRepository } from './students.repository';

type Caller = Pick<Principal, 'userId' | 'providerId' | 'licence'>;

/** Which configuration key each form field must hold. */
const configKeyOf = {
  state: 'State',
  city: 'City',
  fatherProfession: 'Profession',
  language: 'Language',
  board: 'EducationBoard',
  class: 'Class',
  education: 'Education',
} as const;

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

/** Students: grid, form (add, update, e-mail lookup), approve and reject (issue 5). */
export function createStudentsService(deps: Pick<ModuleDeps, 'db' | 'clock'>) {
  const repo = createStudentsRepository(deps.db);

  /** Configuration values and interests chosen on the form must be the caller's own, of the right list. */
  async function checkLookups(p: Caller, body: StudentRegistration) {
    const chosen: [keyof typeof configKeyOf, number | null][] = [
      ['state', body.studentInfo.state],
      ['city', body.studentInfo.city],
      ['fatherProfession', body.studentInfo.fatherProfession],
      ['language', body.educationInfo.language],
      ['board', body.educationInfo.board],
      ['class', body.educationInfo.class],
      ['education', body.educationInfo.education],
    ];
    const ids = chosen.map(([, id]) => id).filter((id): id is number => id !== null);
    const [owned, ints] = await Promise.all([
      repo.ownedConfigIds(p.providerId, ids),
      repo.ownedInterestIds(p.providerId, body.interestList),
    ]);
    const fields: Record<string, string[]> = {};
    for (const [field, id] of chosen) {
      if (id !== null && owned.get(id) !== configKeyOf[field]) fields[field] = [m.registrationError];
    }
    if (body.interestList.some((id) => !ints.has(id))) fields.interestList = [m.registrationError];
    if (Object.keys(fields).length) throw badRequest(m.registrationError, fields);
  }

  return {
    async list(p: Caller, q: StudentListQuery) {
      const reach = await repo.reachOf(p.providerId);
      return repo.listPage(reach, q.status === StudentStatus.Active, q.pageNumber, q.pageSize);
    },

    courses: (p: Caller) => repo.assignableCourses(p.providerId, deps.clock(), COURSE_OPTIONS_LIMIT),

    lookups: (p: Caller) => repo.lookups(p.providerId),

    async detail(p: Caller, userId: number) {
      await studentsInReach(repo, p.providerId, [userId]);
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
      const reach = await repo.reachOf(p.providerId);
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
        const reach = await repo.reachOf(p.providerId);
        if (existing.userTypeId !== STUDENT_USER_TYPE || !reach.includes(existing.providerId)) {
          throw conflict(m.emailExists);
        }
        await checkLookups(p, body);
        await deps.db.transaction(async (tx) => {
          await createStudentsRepository(tx).saveEducationOnly({
            userId: existing.userId,
            education: body.educationInfo,
            interestList: body.interestList,
            actorId: p.userId,
            now,
          });
        });
        return { userId: existing.userId, message: m.registered };
      }
      if (await repo.mobileTaken(body.studentInfo.mobile)) throw conflict(m.mobileExists);
      if (!body.studentInfo.passCode) {
        throw badRequest(m.passwordPolicy, { 'studentInfo.passCode': [m.passwordPolicy] });
      }
      await checkLookups(p, body);
      const passwordHash = await hashPassword(body.studentInfo.passCode);
      try {
        const userId = await deps.db.transaction(async (tx) => {
          const r = createStudentsRepository(tx);
          await r.lockProvider(p.providerId);
          assertWithinLicence(p, 'Students', await r.countStudents(p.providerId));
          const id = await r.insertUser({
            providerId: p.providerId,
            info: body.studentInfo,
            passwordHash,
            isActive: true,
            actorId: p.userId,
          });
          await r.saveDetails({
            userId: id,
            providerId: p.providerId,
            info: body.studentInfo,
            education: body.educationInfo,
            interestList: body.interestList,
            siblings: body.siblingDetailsList,
            actorId: p.userId,
            now,
          });
          return id;
        });
        return { userId, message: m.registered };
      } catch (err) {
        throw duplicateMessage(err, m.emailExists) ?? err;
      }
    },

    /** Updates a student of the caller's reach; an empty password keeps the stored one. */
    async update(p: Caller, userId: number, body: StudentRegistration) {
      const [owner] = await studentsInReach(repo, p.providerId, [userId]);
      const now = deps.clock();
      const byEmail = await repo.userByEmail(body.studentInfo.email);
      if (byEmail && byEmail.userId !== userId) throw conflict(m.emailIdExists);
      if (await repo.mobileTaken(body.studentInfo.mobile, userId)) throw conflict(m.mobileExists);
      await checkLookups(p, body);
      const passwordHash = body.studentInfo.passCode ? await hashPassword(body.studentInfo.passCode) : null;
      try {
        await deps.db.transaction(async (tx) => {
          const r = createStudentsRepository(tx);
          await r.updateUser(userId, body.studentInfo, passwordHash, p.userId, now);
          await r.saveDetails({
            userId,
            providerId: owner.providerId,
            info: body.studentInfo,
            education: body.educationInfo,
            interestList: body.interestList,
            siblings: body.siblingDetailsList,
            actorId: p.userId,
            now,
          });
        });
      } catch (err) {
        throw duplicateMessage(err, m.emailIdExists) ?? err;
      }
      return { userId, message: m.updated };
    },

    async remove(p: Caller, userId: number) {
      await studentsInReach(repo, p.providerId, [userId]);
      await repo.deleteStudents([userId]);
      return { message: m.deleted };
    },
  };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
export { createStudentsRepository };
