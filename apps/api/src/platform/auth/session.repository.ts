import { eq, lt, sql } from 'drizzle-orm';
import { rateLimits, sessions } from '../../db/schema';
import type { Db } from '../db/client';

export function createSessionRepository(db: Db) {
  return {
    async create(row: typeof sessions.$inferInsert) {
      await db.insert(sessions).values(row);
    },
    async touch(sessionId: string, now: Date) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.sessionId, sessionId));
    },
    async delete(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.sessionId, sessionId));
    },
    async deleteForUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
    /** Housekeeping: sessions past their absolute expiry or idle longer than idleSeconds. */
    async purgeExpired(now: Date, idleSeconds: number) {
      const idleBefore = new Date(now.getTime() - idleSeconds * 1000);
      const r = await db
        .delete(sessions)
        .where(sql`${sessions.expiresAt} <= ${now} or ${sessions.lastSeenAt} < ${idleBefore}`)
        .returning({ id: sessions.sessionId });
      const old = new Date(now.getTime() - 24 * 3600 * 1000);
      await db.delete(rateLimits).where(lt(rateLimits.windowStart, old));
      return r.length;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
