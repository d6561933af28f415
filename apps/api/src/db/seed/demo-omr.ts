import type { CreateOmrSheet } from '@assess/contracts/omr';
import { OmrSheetStatus } from '@assess/contracts/omr';
import { QuestionStatus } from '@assess/contracts/questions';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { createAttemptCloser, createVersionCache } from '../../modules/learner/attempt-closer.service';
import type { Snapshot } from '../../modules/learner/attempt-content';
import { createAttemptsRepository } from '../../modules/learner/attempts.repository';
import { createPaperAttempts } from '../../modules/learner/paper-attempts';
import type { Database, Db } from '../../platform/db/client';
import { unitOfWork } from '../../platform/db/unit-of-work';
import { omrForms, omrSheets, questions, testUsers, users } from '../schema';
import type { DemoProviderIds } from './demo';
import { hasDemoTest, inProgressWindow, insertOneSectionTest } from './demo-kit';

export const DEMO_OMR_CODE = 'DEMO-OMR';
const CHOICES = 4;

/**
 * Demo OMR (issue 25, README): Demo ERP Institute's 'Demo Paper Test' (DEMO-OMR), in progress, six single-choice
 * questions of the bank, assigned to analytics.student01 and 02 (the analytics cohort: the ERP institute's own
 * lists stay as the other demos describe them). A paper batch already read: one paper form, student01's sheet
 * read and scored as a paper attempt (through the learner's paper attempts, like a real read), student02's
 * waiting in the correction queue with one unclear mark (no scan stored: the seed has no file store). So Upload
 * answers → Correction queue shows something right after `npm start`. Skipped when the test exists.
 */
export async function seedDemoOmr(db: Db, now: Date, ids: DemoProviderIds) {
  const providerId = ids.get('erp');
  if (providerId === undefined) return;
  if (await hasDemoTest(db, providerId, DEMO_OMR_CODE)) return;
  const people = await db
    .select({ id: users.userId, userName: users.userName })
    .from(users)
    .where(
      inArray(users.userName, [
        'erp@example.com',
        'analytics.student01@example.com',
        'analytics.student02@example.com',
      ]),
    );
  const idOf = (name: string) => people.find((u) => u.userName === name)?.id;
  const [owner, read, queued] = [
    idOf('erp@example.com'),
    idOf('analytics.student01@example.com'),
    idOf('analytics.student02@example.com'),
  ];
  if (!read || !queued) return;
  const picked = await db
    .select({ id: questions.questionId })
    .from(questions)
    .where(
      and(
        eq(questions.providerId, providerId),
        inArray(questions.status, [QuestionStatus.Ready, QuestionStatus.Published]),
        eq(questions.questionType, 2),
        sql`jsonb_array_length(coalesce(${questions.choices}, '[]'::jsonb)) between 2 and ${CHOICES}`,
      ),
    )
    .orderBy(asc(questions.questionId))
    .limit(6);
  if (picked.length < 3) return;
  const audit = { createdBy: owner ?? null, createdDate: now, updatedBy: owner ?? null, updatedDate: now };
  const test = {
    id: (
      await insertOneSectionTest(db, now, {
        providerId,
        code: DEMO_OMR_CODE,
        name: 'Demo Paper Test',
        description:
          'A test written on paper: one batch of answer sheets read, one sheet waiting for correction.',
        window: inProgressWindow(now, 3, 1),
        audit,
        section: { code: 'OMR-S1', name: 'Paper section', choiceFormat: 3 },
        questionIds: picked.map((q) => q.id),
      })
    ).testId,
  };
  await db
    .insert(testUsers)
    .values([read, queued].map((userId) => ({ testId: test.id, userId, ...audit })))
    .onConflictDoNothing();

  // the paper form: the selection frozen like a start (the learner's paper attempts), the sheet of the dialog
  const at = new Date(now.getTime() - 2 * 60 * 60 * 1000);
  const repo = createAttemptsRepository(db);
  const versions = createVersionCache((vs) => repo.versions(vs));
  const withTransaction = unitOfWork(db as Database, (tx) => ({ attempts: createAttemptsRepository(tx) }));
  const closer = createAttemptCloser({ withTransaction, versions, clock: () => at });
  const paper = createPaperAttempts({ attempts: repo, closer, clock: () => at });
  const sections = await paper.freezeForm(test.id, { providerId, contentProviderIds: [] }, 25);
  const sheet: CreateOmrSheet = {
    formName: 'Demo Paper Test',
    testIdDigits: 0,
    studentIdDigits: 5,
    paperSize: 'A4',
    sections: [
      { sectionName: 'Paper section', questionCount: picked.length, numberOfChoices: CHOICES, choiceType: 3 },
    ],
  };
  const [form] = await db
    .insert(omrForms)
    .values({ testId: test.id, providerId, sheet, sections, createdBy: owner ?? null, createdAt: at })
    .returning({ id: omrForms.formId });

  // student01's sheet: every question right but the last (left blank); scored as a paper attempt
  const frozen = sections[0].questions;
  const snaps = await versions(frozen.map((q) => q.versionId));
  const right = frozen.map((q, i) =>
    i === frozen.length - 1
      ? []
      : ((snaps.get(q.versionId) as Snapshot | undefined)?.correct_choices ?? []).slice(0, 1),
  );
  const scored = await paper.record({
    testId: test.id,
    userId: read,
    seed: form.id,
    sections,
    marks: [right],
  });
  const sheetRow = { testId: test.id, providerId, formId: form.id, page: 1, createdAt: at };
  await db.insert(omrSheets).values([
    {
      ...sheetRow,
      fileName: 'demo-batch/sheet-001.jpg',
      contentHash: 'demo-omr-sheet-001',
      status: OmrSheetStatus.Scored,
      reasons: [],
      studentIdRead: String(read).padStart(5, '0'),
      userId: read,
      answers: [right],
      confidence: 0.97,
      attemptId: scored.attemptId,
    },
    {
      ...sheetRow,
      fileName: 'demo-batch/sheet-002.jpg',
      contentHash: 'demo-omr-sheet-002',
      status: OmrSheetStatus.Queued,
      reasons: ['1 question(s) with an unclear mark.'],
      studentIdRead: String(queued).padStart(5, '0'),
      userId: queued,
      answers: [right.map((c, i) => (i === 1 ? null : c))],
      confidence: 0.42,
      attemptId: null,
    },
  ]);
}
