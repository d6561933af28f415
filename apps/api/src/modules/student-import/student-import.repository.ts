import type { ImportGroup, ImportOptions } from '@assess/contracts/student-import';
import { STUDENT_USER_TYPE } from '@assess/contracts/students';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { licencePackages, providers, studentImportBatches, studentImportRows, users } from '../../db/schema';
import type { Db } from '../../platform/db/client';
import { rowsOf } from '../../platform/db/rows';

/** A student row ready for the set-based insert (password already hashed). */
export type NewImportStudent = {
  sheetRow: number;
  fullName: string;
  email: string;
  mobile: string;
  dob: string;
  pinCode: string | null;
  gender: number;
  isActive: boolean;
  passwordHash: string;
};

/** A list as ONE jsonb parameter (no parameter-count limit, same on both drivers). */
const jsonList = (values: unknown[]) => sql`${JSON.stringify(values)}::jsonb`;

export type BatchOptions = Omit<ImportOptions, 'password' | 'confirm'>;

/**
 * The bulk upload's batches, contact checks and set-based insert. The students' shared queries (licence
 * count, assignable test series) come from the students module; the lists from the configuration module.
 */
export function createStudentImportRepository(db: Db) {
  return {
    /** Users (of any provider: e-mail, user name and mobile are unique platform-wide) holding these e-mails or mobiles. */
    async existingContacts(emails: string[], mobiles: string[]) {
      if (!emails.length && !mobiles.length) return [];
      const r = await db.execute(sql`
        select lower(${users.email}) as email, lower(${users.userName}) as user_name, ${users.mobile} as mobile
        from ${users}
        where lower(${users.email}) in (select jsonb_array_elements_text(${jsonList(emails)}))
           or lower(${users.userName}) in (select jsonb_array_elements_text(${jsonList(emails)}))
           or ${users.mobile} in (select jsonb_array_elements_text(${jsonList(mobiles)}))`);
      return rowsOf<{ email: string | null; user_name: string; mobile: string | null }>(r);
    },

    /** The provider's type and its package's limits (what a background run checks without a session). */
    async providerLimits(providerId: number) {
      const [row] = await db
        .select({
          providerTypeId: providers.providerTypeId,
          packageId: providers.packageId,
          limits: licencePackages.limits,
        })
        .from(providers)
        .innerJoin(licencePackages, eq(licencePackages.packageId, providers.packageId))
        .where(eq(providers.providerId, providerId))
        .limit(1);
      return row;
    },

    async createBatch(row: {
      providerId: number;
      userId: number;
      fileId: number;
      fileName: string;
      options: BatchOptions;
      passwordHash: string | null;
      totalRows: number;
      validRows: number;
      report: ImportGroup[];
      now: Date;
    }) {
      const [batch] = await db
        .insert(studentImportBatches)
        .values({
          providerId: row.providerId,
          fileId: row.fileId,
          fileName: row.fileName,
          options: row.options,
          passwordHash: row.passwordHash,
          totalRows: row.totalRows,
          validRows: row.validRows,
          report: row.report,
          createdBy: row.userId,
          updatedBy: row.userId,
          createdDate: row.now,
          updatedDate: row.now,
        })
        .returning();
      return batch;
    },

    async findBatch(batchId: number, providerId: number) {
      const [row] = await db
        .select()
        .from(studentImportBatches)
        .where(
          and(eq(studentImportBatches.batchId, batchId), eq(studentImportBatches.providerId, providerId)),
        )
        .limit(1);
      return row;
    },

    /** Records the batch's import task; false when another run has already been recorded. */
    async setBatchTask(batchId: number, taskId: number, now: Date) {
      const [row] = await db
        .update(studentImportBatches)
        .set({ taskId, updatedDate: now })
        .where(and(eq(studentImportBatches.batchId, batchId), isNull(studentImportBatches.taskId)))
        .returning({ batchId: studentImportBatches.batchId });
      return Boolean(row);
    },
    async findBatchById(batchId: number) {
      const [row] = await db
        .select()
        .from(studentImportBatches)
        .where(eq(studentImportBatches.batchId, batchId))
        .limit(1);
      return row;
    },
    async clearBatchPassword(batchId: number, now: Date) {
      await db
        .update(studentImportBatches)
        .set({ passwordHash: null, updatedDate: now })
        .where(eq(studentImportBatches.batchId, batchId));
    },

    /** Sheet rows a batch has already created (a retried run skips them). */
    async importedRows(batchId: number) {
      const rows = await db
        .select({ sheetRow: studentImportRows.sheetRow })
        .from(studentImportRows)
        .where(eq(studentImportRows.batchId, batchId));
      return new Set(rows.map((r) => r.sheetRow));
    },

    /**
     * Set-based insert of students (call inside a transaction): users rows with ON CONFLICT DO NOTHING
     * (any of the unique user name / e-mail / mobile indexes), then profile, education, test series and the
     * batch's row record only for the users actually inserted, so each row is created entirely or not at
     * all. Returns the sheet rows created.
     */
    async insertStudents(input: {
      batchId: number;
      providerId: number;
      actorId: number;
      now: Date;
      options: BatchOptions;
      rows: NewImportStudent[];
    }) {
      const { batchId, providerId, actorId, now, options, rows } = input;
      if (!rows.length) return [] as { sheetRow: number; userId: number }[];
      const at = now.toISOString();
      const data = rows.map((r) => ({
        row: r.sheetRow,
        name: r.fullName,
        email: r.email,
        mobile: r.mobile,
        active: r.isActive,
        hash: r.passwordHash,
      }));
      const inserted = rowsOf<{ user_id: number; user_name: string }>(
        await db.execute(sql`
          insert into ${users} (provider_id, user_type_id, user_name, password_hash, full_name, email, mobile,
                                is_active, created_by, updated_by, created_date, updated_date)
          select ${providerId}, ${STUDENT_USER_TYPE}, r.email, r.hash, r.name, r.email, r.mobile, r.active,
                 ${actorId}, ${actorId}, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
               as r("row" int, name text, email text, mobile text, active boolean, hash text)
          order by r."row"
          on conflict do nothing
          returning user_id, lower(user_name) as user_name`),
      );
      if (!inserted.length) return [];
      const byEmail = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
      const created = inserted.map((u) => ({ userId: u.user_id, row: byEmail.get(u.user_name)! }));
      const details = created.map(({ userId, row }) => ({
        id: userId,
        row: row.sheetRow,
        gender: row.gender,
        pin: row.pinCode,
        dob: row.dob,
      }));
      const json = JSON.stringify(details);
      await db.execute(sql`
        insert into student_profiles (user_id, provider_id, gender, state, city, pin_code, dob,
                                      created_by, updated_by, created_date, updated_date)
        select r.id, ${providerId}, r.gender, ${options.stateId}::int, ${options.cityId}::int, r.pin, r.dob::date,
               ${actorId}, ${actorId}, ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${json}::jsonb) as r(id int, gender smallint, pin text, dob text)`);
      await db.execute(sql`
        insert into student_education (user_id, language, board, class, created_by, updated_by, created_date, updated_date)
        select r.id, ${options.languageId}::int, ${options.boardId}::int, ${options.classId}::int,
               ${actorId}, ${actorId}, ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${json}::jsonb) as r(id int)`);
      if (options.courseIds.length) {
        await db.execute(sql`
          insert into course_users (course_id, user_id, user_subscription_status, created_by, updated_by, created_date, updated_date)
          select c.id, r.id, 2, ${actorId}, ${actorId}, ${at}::timestamptz, ${at}::timestamptz
          from jsonb_to_recordset(${json}::jsonb) as r(id int)
          cross join (select value::int as id from jsonb_array_elements_text(${jsonList(options.courseIds)})) c
          on conflict do nothing`);
      }
      await db.execute(sql`
        insert into ${studentImportRows} (batch_id, sheet_row, user_id)
        select ${batchId}, r.row, r.id from jsonb_to_recordset(${json}::jsonb) as r(id int, "row" int)`);
      return created.map(({ userId, row }) => ({ sheetRow: row.sheetRow, userId }));
    },
  };
}
export type StudentImportRepository = ReturnType<typeof createStudentImportRepository>;
