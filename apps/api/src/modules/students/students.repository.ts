import type { EducationInfo, Sibling, StudentDetail, StudentInfo } from '@assess/contracts/students';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { studentEducation, studentInterests, studentProfiles, studentSiblings, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { ownerColumns } from './student-queries.repository';

const isStudent = eq(users.userTypeId, STUDENT_USER_TYPE);

/**
 * Students, their profile, education, interests and siblings: the form's reads and the writes of add,
 * update, approve and reject. The queries other areas share are in student-queries.repository.ts.
 */
export function createStudentsRepository(db: Db) {
  return {
    /** Any user holding the e-mail (or user name) — case-insensitive. */
    async userByEmail(email: string) {
      const e = email.trim().toLowerCase();
      const [row] = await db
        .select(ownerColumns)
        .from(users)
        .where(or(eq(sql`lower(${users.email})`, e), eq(sql`lower(${users.userName})`, e)))
        .limit(1);
      return row;
    },

    async mobileTaken(mobile: string, exceptUserId?: number) {
      const [row] = await db
        .select({ userId: users.userId })
        .from(users)
        .where(eq(users.mobile, mobile.trim()))
        .limit(2);
      return !!row && row.userId !== exceptUserId;
    },

    async detail(userId: number): Promise<StudentDetail | undefined> {
      const [row] = await db
        .select({
          userId: users.userId,
          providerId: users.providerId,
          isActive: users.isActive,
          fullName: users.fullName,
          email: users.email,
          mobile: users.mobile,
          address: users.address,
          gender: studentProfiles.gender,
          dob: studentProfiles.dob,
          state: studentProfiles.state,
          city: studentProfiles.city,
          pinCode: studentProfiles.pinCode,
          fatherName: studentProfiles.fatherName,
          fatherMobile: studentProfiles.fatherMobile,
          fatherEmail: studentProfiles.fatherEmail,
          fatherProfession: studentProfiles.fatherProfession,
          language: studentEducation.language,
          board: studentEducation.board,
          class: studentEducation.class,
          education: studentEducation.education,
        })
        .from(users)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.userId))
        .leftJoin(studentEducation, eq(studentEducation.userId, users.userId))
        .where(and(eq(users.userId, userId), isStudent));
      if (!row) return undefined;
      const [ints, sibs] = await Promise.all([
        db
          .select({ id: studentInterests.interestId })
          .from(studentInterests)
          .where(eq(studentInterests.userId, userId)),
        db
          .select({
            siblingName: studentSiblings.siblingName,
            schoolCollege: studentSiblings.schoolCollege,
            mobile: studentSiblings.mobile,
            email: studentSiblings.email,
            dob: studentSiblings.dob,
            education: studentSiblings.education,
          })
          .from(studentSiblings)
          .where(eq(studentSiblings.userId, userId))
          .orderBy(asc(studentSiblings.siblingId)),
      ]);
      const { language, board, class: cls, education, ...info } = row;
      return {
        studentInfo: info,
        educationInfo: { language, board, class: cls, education },
        interestList: ints.map((i) => i.id),
        siblingDetailsList: sibs,
      };
    },

    async insertUser(values: {
      providerId: number;
      info: StudentInfo;
      passwordHash: string;
      isActive: boolean;
      actorId: number;
    }) {
      const { info } = values;
      const [row] = await db
        .insert(users)
        .values({
          providerId: values.providerId,
          userTypeId: STUDENT_USER_TYPE,
          userName: info.email,
          email: info.email,
          mobile: info.mobile,
          fullName: info.fullName,
          address: info.address,
          passwordHash: values.passwordHash,
          isActive: values.isActive,
          createdBy: values.actorId,
          updatedBy: values.actorId,
        })
        .returning({ userId: users.userId });
      return row.userId;
    },

    async updateUser(
      userId: number,
      info: StudentInfo,
      passwordHash: string | null,
      actorId: number,
      now: Date,
    ) {
      await db
        .update(users)
        .set({
          userName: info.email,
          email: info.email,
          mobile: info.mobile,
          fullName: info.fullName,
          address: info.address,
          ...(passwordHash ? { passwordHash } : {}),
          updatedBy: actorId,
          updatedDate: now,
        })
        .where(eq(users.userId, userId));
    },

    /** Writes profile, education, interests and siblings of a student (replacing what was there). */
    async saveDetails(args: {
      userId: number;
      providerId: number;
      info: Pick<
        StudentInfo,
        | 'gender'
        | 'dob'
        | 'state'
        | 'city'
        | 'pinCode'
        | 'fatherName'
        | 'fatherMobile'
        | 'fatherEmail'
        | 'fatherProfession'
      >;
      education: EducationInfo;
      interestList: number[];
      siblings: Sibling[];
      actorId: number;
      now: Date;
    }) {
      const { userId, info, actorId, now } = args;
      const profile = {
        gender: info.gender,
        dob: info.dob,
        state: info.state,
        city: info.city,
        pinCode: info.pinCode,
        fatherName: info.fatherName,
        fatherMobile: info.fatherMobile,
        fatherEmail: info.fatherEmail,
        fatherProfession: info.fatherProfession,
        updatedBy: actorId,
        updatedDate: now,
      };
      await db
        .insert(studentProfiles)
        .values({ userId, providerId: args.providerId, ...profile, createdBy: actorId })
        .onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
      const edu = { ...args.education, updatedBy: actorId, updatedDate: now };
      await db
        .insert(studentEducation)
        .values({ userId, ...edu, createdBy: actorId })
        .onConflictDoUpdate({ target: studentEducation.userId, set: edu });
      await db.delete(studentInterests).where(eq(studentInterests.userId, userId));
      const ints = [...new Set(args.interestList)];
      if (ints.length) {
        await db.insert(studentInterests).values(ints.map((interestId) => ({ userId, interestId })));
      }
      await db.delete(studentSiblings).where(eq(studentSiblings.userId, userId));
      const sibs = args.siblings.filter((s) => Object.values(s).some((v) => v !== null));
      if (sibs.length) {
        await db
          .insert(studentSiblings)
          .values(sibs.map((s) => ({ ...s, userId, createdBy: actorId, updatedBy: actorId })));
      }
    },

    /** Updates only what an existing student's re-registration may change (not the locked personal fields). */
    async saveEducationOnly(args: {
      userId: number;
      education: EducationInfo;
      interestList: number[];
      actorId: number;
      now: Date;
    }) {
      const edu = { ...args.education, updatedBy: args.actorId, updatedDate: args.now };
      await db
        .insert(studentEducation)
        .values({ userId: args.userId, ...edu, createdBy: args.actorId })
        .onConflictDoUpdate({ target: studentEducation.userId, set: edu });
      const ints = [...new Set(args.interestList)];
      if (ints.length) {
        await db
          .insert(studentInterests)
          .values(ints.map((interestId) => ({ userId: args.userId, interestId })))
          .onConflictDoNothing();
      }
    },

    async activate(ids: number[], actorId: number, now: Date) {
      await db
        .update(users)
        .set({ isActive: true, updatedBy: actorId, updatedDate: now })
        .where(and(inArray(users.userId, ids), isStudent));
    },

    async deleteStudents(ids: number[]) {
      const rows = await db
        .delete(users)
        .where(and(inArray(users.userId, ids), isStudent))
        .returning({ id: users.userId });
      return rows.length;
    },
  };
}
export type StudentsRepository = ReturnType<typeof createStudentsRepository>;
