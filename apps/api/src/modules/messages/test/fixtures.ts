import { sql } from 'drizzle-orm';
import { multipartBody } from '../../../../test/multipart';
import { courses, courseUsers, interests, studentInterests, users } from '../../../db/schema';
import type { Db } from '../../../platform/db/client';

/** Rows the messages tests need, written directly (the students and configuration areas own their screens). */
export function messageFixtures(db: Db) {
  let n = 0;
  const unique = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
  return {
    async providerIdOf(userName: string) {
      const r = await db.execute(sql`select provider_id from users where user_name = ${userName}`);
      return (r as unknown as { rows: { provider_id: number }[] }).rows[0].provider_id;
    },
    async userIdOf(userName: string) {
      const r = await db.execute(sql`select user_id from users where user_name = ${userName}`);
      return (r as unknown as { rows: { user_id: number }[] }).rows[0].user_id;
    },
    async student(
      providerId: number,
      opts: { active?: boolean; email?: string | null; mobile?: string; passwordHash?: string } = {},
    ) {
      const name = opts.email ?? (opts.email === null ? `student-${unique()}` : `s${unique()}@example.com`);
      const [row] = await db
        .insert(users)
        .values({
          providerId,
          userTypeId: 4,
          userName: name,
          email: opts.email === null ? null : name,
          mobile: opts.mobile,
          passwordHash: opts.passwordHash ?? 'x',
          fullName: `Student ${name}`,
          isActive: opts.active ?? true,
        })
        .returning({ id: users.userId });
      return row.id;
    },
    async interest(providerId: number, name = `Interest ${unique()}`) {
      const [row] = await db
        .insert(interests)
        .values({ providerId, interests: name })
        .returning({ id: interests.interestId });
      return row.id;
    },
    async testSeries(providerId: number, name = `Series ${unique()}`) {
      const [row] = await db
        .insert(courses)
        .values({ providerId, code: `C${unique()}`, text: name, status: 2 })
        .returning({ id: courses.courseId });
      return row.id;
    },
    async enrol(courseId: number, userIds: number[], status = 2) {
      await db
        .insert(courseUsers)
        .values(userIds.map((userId) => ({ courseId, userId, userSubscriptionStatus: status })));
    },
    async likes(userId: number, interestIds: number[]) {
      await db.insert(studentInterests).values(interestIds.map((interestId) => ({ userId, interestId })));
    },
  };
}

/** A multipart body as a browser's FormData would send it: the `notification` JSON first, then the files. */
export const multipart = (notification: unknown, files: { name: string; content: Buffer }[] = []) =>
  multipartBody([
    { field: 'notification', value: JSON.stringify(notification) },
    ...files.map((f) => ({ field: 'file', fileName: f.name, content: f.content })),
  ]);

export const pdf = (text = 'hello') =>
  Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(text),
    Buffer.alloc(2000, 0x20),
    Buffer.from('\n%%EOF\n'),
  ]);
export const png = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]);

/** The start of a .docx (a zip whose first entry is under word/): enough for the content check. */
export const docx = () => {
  const name = Buffer.from('word/document.xml');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name, Buffer.alloc(200, 0x20)]);
};
