import type {
  CourseOption,
  EducationInfo,
  Sibling,
  StudentDetail,
  StudentInfo,
  StudentLookupKey,
  StudentRow,
} from '@assess/contracts/students';
import { COURSE_MIN_STATUS, STUDENT_USER_TYPE, studentLookupKeys } from '@assess/contracts/students';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  configurationValues,
  courses,
  interests,
  providers,
  studentEducation,
  studentInterests,
  studentProfiles,
  studentSiblings,
  users,
} from '../../db/schema';
import type { Db } from '../../platform/db/client';

export type StudentOwner = { userId: number; providerId: number; userTypeId: number; isActive: boolean };

const isStudent = eq(users.userTypeId, STUDENT_USER_TYPE);

/** Students, their profile, education, interests and siblings. Only this file queries them. */
export function createStudentsRepository(db: Db) {
  return {
    /** The caller's provider and its child providers (an aggregator's reach). */
    async reachOf(providerId: number): Promise<number[]> {
      const rows = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(eq(providers.parentProviderId, providerId));
      return [providerId, ...rows.map((r) => r.id).filter((id) => id !== providerId)];
    },

    /**
     * One grid page: the page's ids come from the (provider, type, active, user id) index, then the
     * page's rows are joined with their lookups; the count runs beside it.
     */
    async listPage(providerIds: number[], active: boolean, pageNumber: number, pageSize: number) {
      const where = and(
        providerIds.length === 1
          ? eq(users.providerId, providerIds[0])
          : inArray(users.providerId, providerIds),
        isStudent,
        eq(users.isActive, active),
      );
      const cls = alias(configurationValues, 'cls');
      const brd = alias(configurationValues, 'brd');
      const st = alias(configurationValues, 'st');
      const ct = alias(configurationValues, 'ct');
      const page = db
        .select({ userId: users.userId })
        .from(users)
        .where(where)
        .orderBy(desc(users.userId))
        .limit(pageSize)
        .offset((pageNumber - 1) * pageSize)
        .as('page');
      const [items, [{ total }]] = await Promise.all([
        db
          .select({
            userId: users.userId,
            fullName: users.fullName,
            class: cls.valueString,
            board: brd.valueString,
            email: users.email,
            mobile: users.mobile,
            state: st.valueString,
            city: ct.valueString,
            parentMobile: studentProfiles.fatherMobile,
            parentEmail: studentProfiles.fatherEmail,
            isActive: users.isActive,
          })
          .from(page)
          .innerJoin(users, eq(users.userId, page.userId))
          .leftJoin(studentProfiles, eq(studentProfiles.userId, users.userId))
          .leftJoin(studentEducation, eq(studentEducation.userId, users.userId))
          .leftJoin(cls, eq(cls.id, studentEducation.class))
          .leftJoin(brd, eq(brd.id, studentEducation.board))
          .leftJoin(st, eq(st.id, studentProfiles.state))
          .leftJoin(ct, eq(ct.id, studentProfiles.city))
          .orderBy(desc(users.userId)) as Promise<StudentRow[]>,
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { items, totalCount: Number(total) };
    },

    /** Test series of a provider offered for assignment: active, status >= 2, not expired. */
    async assignableCourses(providerId: number, now: Date, limit: number): Promise<CourseOption[]> {
      const rows = await db
        .select({
          courseId: courses.courseId,
          text: courses.text,
          isActive: courses.isActive,
          status: courses.status,
          expiryDate: courses.expiryDate,
          isDefault: courses.isDefault,
        })
        .from(courses)
        .where(
          and(
            eq(courses.providerId, providerId),
            eq(courses.isActive, true),
            gte(courses.status, COURSE_MIN_STATUS),
            or(isNull(courses.expiryDate), gt(courses.expiryDate, now)),
          ),
        )
        .orderBy(asc(courses.text))
        .limit(limit);
      return rows.map((r) => ({ ...r, expiryDate: r.expiryDate ? r.expiryDate.toISOString() : null }));
    },

    /** Active configuration values of the form's keys, and active interests, of one provider. */
    async lookups(providerId: number) {
      const [values, ints] = await Promise.all([
        db
          .select({
            id: configurationValues.id,
            key: configurationValues.key,
            valueString: configurationValues.valueString,
            isDefault: configurationValues.isDefault,
          })
          .from(configurationValues)
          .where(
            and(
              eq(configurationValues.providerId, providerId),
              eq(configurationValues.isActive, true),
              inArray(configurationValues.key, [...studentLookupKeys]),
            ),
          )
          .orderBy(
            asc(configurationValues.key),
            asc(configurationValues.sequenceId),
            asc(configurationValues.valueString),
          ),
        db
          .select({ interestId: interests.interestId, interests: interests.interests })
          .from(interests)
          .where(and(eq(interests.providerId, providerId), eq(interests.isActive, true)))
          .orderBy(asc(interests.interests)),
      ]);
      type Value = { id: number; valueString: string; isDefault: boolean };
      const byKey = {} as Record<StudentLookupKey, Value[]>;
      for (const k of studentLookupKeys) byKey[k] = [];
      for (const v of values) {
        byKey[v.key as StudentLookupKey].push({
          id: v.id,
          valueString: v.valueString,
          isDefault: v.isDefault,
        });
      }
      return { values: byKey, interests: ints };
    },

    /** Configuration value ids (with their key) and interest ids that belong to the provider. */
    async ownedConfigIds(providerId: number, ids: number[]) {
      if (!ids.length) return new Map<number, string>();
      const rows = await db
        .select({ id: configurationValues.id, key: configurationValues.key })
        .from(configurationValues)
        .where(and(eq(configurationValues.providerId, providerId), inArray(configurationValues.id, ids)));
      return new Map(rows.map((r) => [r.id, r.key]));
    },
    async ownedInterestIds(providerId: number, ids: number[]) {
      if (!ids.length) return new Set<number>();
      const rows = await db
        .select({ id: interests.interestId })
        .from(interests)
        .where(and(eq(interests.providerId, providerId), inArray(interests.interestId, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /** Any user holding the e-mail (or user name) — case-insensitive. */
    async userByEmail(email: string) {
      const e = email.trim().toLowerCase();
      const [row] = await db
        .select({
          userId: users.userId,
          providerId: users.providerId,
          userTypeId: users.userTypeId,
          isActive: users.isActive,
        })
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

    /** The students among `ids` (any provider): the service checks each one's provider. */
    async owners(ids: number[]): Promise<StudentOwner[]> {
      if (!ids.length) return [];
      return db
        .select({
          userId: users.userId,
          providerId: users.providerId,
          userTypeId: users.userTypeId,
          isActive: users.isActive,
        })
        .from(users)
        .where(inArray(users.userId, ids));
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

    /** Serialises student adds of one provider (the licence count) until the transaction ends. */
    async lockProvider(providerId: number) {
      await db.execute(
        sql`select 1 from ${providers} where ${providers.providerId} = ${providerId} for update`,
      );
    },

    async countStudents(providerId: number) {
      const [{ n }] = await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.providerId, providerId), isStudent));
      return Number(n);
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
