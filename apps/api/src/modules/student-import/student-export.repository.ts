import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { configurationValues, providers, studentEducation, studentProfiles, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';

export type ExportRow = {
  userId: number;
  fullName: string | null;
  className: string | null;
  board: string | null;
  email: string | null;
  mobile: string | null;
  state: string | null;
  city: string | null;
  parentMobile: string | null;
  parentEmail: string | null;
};

/** The export's reads: the grid's columns, page by page in user id order (keyset, never OFFSET). */
export function createStudentExportRepository(db: Db) {
  return {
    /** The caller's provider and its child providers (an aggregator's reach, as the grid shows it). */
    async reachOf(providerId: number) {
      const rows = await db
        .select({ id: providers.providerId })
        .from(providers)
        .where(eq(providers.parentProviderId, providerId));
      return [providerId, ...rows.map((r) => r.id).filter((id) => id !== providerId)];
    },

    async page(
      providerIds: number[],
      active: boolean,
      afterUserId: number,
      limit: number,
    ): Promise<ExportRow[]> {
      const cls = alias(configurationValues, 'cls');
      const brd = alias(configurationValues, 'brd');
      const st = alias(configurationValues, 'st');
      const ct = alias(configurationValues, 'ct');
      return db
        .select({
          userId: users.userId,
          fullName: users.fullName,
          className: cls.valueString,
          board: brd.valueString,
          email: users.email,
          mobile: users.mobile,
          state: st.valueString,
          city: ct.valueString,
          parentMobile: studentProfiles.fatherMobile,
          parentEmail: studentProfiles.fatherEmail,
        })
        .from(users)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.userId))
        .leftJoin(studentEducation, eq(studentEducation.userId, users.userId))
        .leftJoin(cls, eq(cls.id, studentEducation.class))
        .leftJoin(brd, eq(brd.id, studentEducation.board))
        .leftJoin(st, eq(st.id, studentProfiles.state))
        .leftJoin(ct, eq(ct.id, studentProfiles.city))
        .where(
          and(
            providerIds.length === 1
              ? eq(users.providerId, providerIds[0])
              : inArray(users.providerId, providerIds),
            eq(users.userTypeId, STUDENT_USER_TYPE),
            eq(users.isActive, active),
            gt(users.userId, afterUserId),
          ),
        )
        .orderBy(asc(users.userId))
        .limit(limit);
    },
  };
}
