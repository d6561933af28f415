import { omrNotEnabledMessage } from '@assess/contracts/access';
import { omrEndpoints as e, omrMessages as m, OMR_LAYOUT_VERSION, omrQrText } from '@assess/contracts/omr';
import { testRowMessages } from '@assess/contracts/tests';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, signedIn } from '../../../test/given';
import { createTestApp, type TestApp, testClock } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { waitFor } from '../../../test/wait';
import { attempts, omrForms, omrSheets, questions, tasks } from '../../db/schema';
import { as, takeableTest, userIdOf } from '../learner/learner.test-support';
import { filledPageSvg, randomSheet, renderPage, rng, zipOf } from './generator';
import { studentIdOf } from './omr.service';

// Issue 25: OMR paper tests through the real routes: createOmrSheet (a paper form frozen, the PDF), readOmrSheet
// (the upload rules and messages, the task reading pages on the CPU pool), scored paper attempts, the correction
// queue, re-upload, privileges, the OMREnabled flag, the row rule and the tenant boundary.
const NOW = new Date('2026-07-01T10:00:00.000Z');
let t: TestApp;
let erp: Awaited<ReturnType<typeof as>>;
let testId: number;
let studentId: number;
let sheet: {
  formName: string;
  testIdDigits: number;
  studentIdDigits: number;
  paperSize: 'A4';
  sections: { sectionName: string; questionCount: number; numberOfChoices: number; choiceType: number }[];
};

const upload = async (files: { name: string; data: Buffer }[], id = testId, cookie = erp.cookie) => {
  const body = await multipartBody(
    files.map((f) => ({ field: 'zipFile', fileName: f.name, content: f.data })),
  );
  return t.app.inject({
    method: 'POST',
    url: `/api/omr/tests/${id}/answers`,
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};
const finished = (taskId: number) =>
  waitFor(async () => {
    const [row] = await t.deps.db.select().from(tasks).where(eq(tasks.taskId, taskId));
    return row.taskStatus >= 2 ? row : undefined;
  }, 60_000);

const rowsOfProvider = (r: unknown) =>
  (r as { rows?: { providerId: number }[] }).rows ?? (r as { providerId: number }[]);

/** A page of the form with the given marks and printed student id. */
async function page(formId: number, marks: number[][][], id: string, pen: 'clean' | 'cross' = 'clean') {
  const f = randomSheet(sheet, rng(formId));
  f.answers = marks;
  f.studentId = id;
  return renderPage(
    filledPageSvg(f, 0, { testId, formId }, () => pen),
    { jpegQuality: 85 },
  );
}

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  await t.deps.jobs.startWorkers({ pollingIntervalSeconds: 0.5 });
  erp = await as(t, 'erp@example.com');
  studentId = await userIdOf(t, 'student@example.com');
  ({ testId } = await takeableTest(t, NOW, { students: [studentId], sections: 1, perSection: 4 }));
  // four SCQ-like questions of two choices' worth: every question of the form gets 4 bubbles
  sheet = {
    formName: 'Paper form',
    testIdDigits: 0,
    studentIdDigits: 5,
    paperSize: 'A4',
    sections: [{ sectionName: 'Section 1', questionCount: 4, numberOfChoices: 4, choiceType: 3 }],
  };
}, 120_000);
afterAll(async () => t?.close());

describe('createOmrSheet', () => {
  it('proposes the test’s sections and answers a PDF, freezing a paper form of the test', async () => {
    const form = await erp.get(`/api/omr/tests/${testId}/form`);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().sheet).toMatchObject({
      studentIdDigits: 5,
      testIdDigits: 0,
      sections: [{ sectionName: 'Section 1', questionCount: 4 }],
    });
    const pdf = await erp.post(`/api/omr/tests/${testId}/sheet`, sheet);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forms = await t.deps.db.select().from(omrForms).where(eq(omrForms.testId, testId));
    expect(forms).toHaveLength(1);
    expect(forms[0].sections[0].questions).toHaveLength(4);
  });

  it('bad input changes nothing: 7 choices is refused with the message', async () => {
    const res = await erp.post(`/api/omr/tests/${testId}/sheet`, {
      ...sheet,
      sections: [{ ...sheet.sections[0], numberOfChoices: 7 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.numberOfChoices);
    expect(await t.deps.db.select().from(omrForms).where(eq(omrForms.testId, testId))).toHaveLength(1);
  });

  it('the row rule (scheduleStatus 5), the OMREnabled flag and the tenant are checked by the server', async () => {
    const { testId: notRunning } = await takeableTest(t, NOW, { students: [], patch: { scheduleStatus: 4 } });
    const res = await erp.get(`/api/omr/tests/${notRunning}/form`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(testRowMessages.onlyInProgress);
    const other = await as(t, 'partner@example.com');
    expect((await other.get(`/api/omr/tests/${testId}/form`)).statusCode).toBe(404);
    // Demo Subscriber is on Silver: no OMR in its package (the flag comes from the session's licence)
    const sub = await as(t, 'subscriber@example.com');
    const [{ providerId: subscriberId }] = rowsOfProvider(
      await t.deps.db.execute(
        sql`select provider_id as "providerId" from providers where name = 'Demo Subscriber'`,
      ),
    );
    const { testId: silverTest } = await takeableTest(t, NOW, {
      students: [],
      patch: { providerId: subscriberId },
    });
    const silver = await sub.get(`/api/omr/tests/${silverTest}/form`);
    expect(silver.statusCode).toBe(403);
    expect([omrNotEnabledMessage, 'You do not have permission to do this.']).toContain(silver.json().message);
  });
});

describe('Download Test', () => {
  const formsOf = (id: number) => t.deps.db.select().from(omrForms).where(eq(omrForms.testId, id));
  const pdfText = async (blob: unknown) => Buffer.from(await (blob as Blob).arrayBuffer()).toString('latin1');
  const identity = (id: number, formId: number) =>
    omrQrText({ testId: id, formId, version: OMR_LAYOUT_VERSION, page: 1 });

  it('answers the question paper of the test’s latest paper form; Download OMR of the same sheet reuses that form', async () => {
    const c = await signedIn(t, 'erp@example.com');
    const [form] = await formsOf(testId);
    const paper = await pdfText(await c.call(e.downloadTest, { params: { testId } }));
    expect(paper.startsWith('%PDF-')).toBe(true);
    expect(paper).toContain(identity(testId, form.formId));
    expect((await erp.post(`/api/omr/tests/${testId}/sheet`, sheet)).statusCode).toBe(200);
    expect(await formsOf(testId)).toHaveLength(1);
  });

  it('a test without a paper form: Download Test freezes one, and Download OMR of the proposed sheet prints the same form', async () => {
    const c = await signedIn(t, 'erp@example.com');
    const { testId: fresh } = await takeableTest(t, NOW, {
      students: [studentId],
      sections: 2,
      perSection: 2,
    });
    const paper = await pdfText(await c.call(e.downloadTest, { params: { testId: fresh } }));
    const [form] = await formsOf(fresh);
    expect(paper).toContain(identity(fresh, form.formId));
    expect(form.sections.map((s) => s.questions.length)).toEqual([2, 2]);
    const { sheet: proposed } = await c.call(e.form, { params: { testId: fresh } });
    const omr = await pdfText(await c.call(e.createOmrSheet, { params: { testId: fresh }, body: proposed }));
    expect(omr).toContain(identity(fresh, form.formId));
    // another sheet (A4 → Letter) is another paper form
    await c.call(e.createOmrSheet, { params: { testId: fresh }, body: { ...proposed, paperSize: 'Letter' } });
    expect(await formsOf(fresh)).toHaveLength(2);
  });

  it('pre-printed sheets: one per assigned student (the same form as unprinted); none assigned is refused', async () => {
    const c = await signedIn(t, 'erp@example.com');
    const pages = (pdf: string) => (pdf.match(/\/Type \/Page\b/g) ?? []).length;
    const body = { ...sheet, prePrinted: true };
    const printed = await pdfText(await c.call(e.createOmrSheet, { params: { testId }, body }));
    const plain = await pdfText(await c.call(e.createOmrSheet, { params: { testId }, body: sheet }));
    const assigned = await t.deps.db.execute(
      sql`select count(*)::int as n from student_tests where test_id = ${testId}`,
    );
    const n = ((assigned as unknown as { rows: { n: number }[] }).rows ?? assigned)[0].n;
    expect(n).toBeGreaterThan(0);
    expect(pages(printed)).toBe(pages(plain) * n);
    expect(await formsOf(testId)).toHaveLength(1);
    const { testId: nobody } = await takeableTest(t, NOW, { students: [] });
    expect(failure(await c.send(e.createOmrSheet, { params: { testId: nobody }, body }))).toEqual({
      status: 400,
      message: m.noStudents,
    });
  });

  it('the server checks DownloadTest, the row rule (scheduleStatus 5) and the tenant', async () => {
    const { testId: notRunning } = await takeableTest(t, NOW, { students: [], patch: { scheduleStatus: 4 } });
    const c = await signedIn(t, 'erp@example.com');
    expect(failure(await c.send(e.downloadTest, { params: { testId: notRunning } }))).toEqual({
      status: 409,
      message: testRowMessages.onlyInProgress,
    });
    expect(await formsOf(notRunning)).toHaveLength(0);
    const other = await signedIn(t, 'partner@example.com');
    expect(failure(await other.send(e.downloadTest, { params: { testId } })).status).toBe(404);
    const ro = await signedIn(t, 'readonly@example.com');
    expect(failure(await ro.send(e.downloadTest, { params: { testId } })).status).toBe(403);
  });
});

describe('readOmrSheet', () => {
  it('the upload rules and messages: extension, one file, size; nothing is queued', async () => {
    const ext = await upload([{ name: 'answers.rar', data: Buffer.from('x') }]);
    expect([ext.statusCode, ext.json().message]).toEqual([415, m.extension]);
    const two = await upload([
      { name: 'a.zip', data: await zipOf([]) },
      { name: 'b.zip', data: await zipOf([]) },
    ]);
    expect([two.statusCode, two.json().message]).toEqual([400, m.oneFile]);
    const big = await upload([{ name: 'a.zip', data: Buffer.alloc(10_485_761) }]);
    expect([big.statusCode, big.json().message]).toEqual([413, m.tooLarge]);
    expect(await t.deps.db.select().from(omrSheets).where(eq(omrSheets.testId, testId))).toHaveLength(0);
  });

  it('a zip of sheets: a clear one becomes the student’s scored paper attempt, an unclear one waits in the queue; re-uploading scores nothing twice', async () => {
    const [form] = await t.deps.db.select().from(omrForms).where(eq(omrForms.testId, testId));
    const frozen = form.sections[0].questions;
    const key = await t.deps.db
      .select({ id: questions.questionId, c: questions.correctChoices })
      .from(questions);
    const right = frozen.map((q) =>
      [...(key.find((k) => k.id === q.questionId)?.c ?? [])].map(Number).filter((c) => c <= 4),
    );
    const printed = studentIdOf(studentId, 5);
    const clear = await page(form.formId, [right], printed);
    const unclear = await page(form.formId, [right], printed, 'cross');
    const zip = await zipOf([
      ['clear.jpg', clear],
      ['unclear.jpg', unclear],
      ['notes.txt', Buffer.from('x')],
    ]);
    const res = await upload([{ name: 'answers.zip', data: zip }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(m.uploadSuccess);
    const task = await finished(res.json().taskId);
    const status = (await erp.get(`/api/omr/tasks/${res.json().taskId}`)).json();
    expect(status).toMatchObject({ state: 'succeeded', read: 1, queued: 1, failed: 1 });
    expect(status.message.startsWith(m.uploadSuccess)).toBe(true);
    expect(task.taskStatus, task.taskDetails ?? '').toBe(2);
    expect((task.result as { message: string }).message.startsWith(m.uploadSuccess)).toBe(true);
    const rows = await t.deps.db.select().from(omrSheets).where(eq(omrSheets.testId, testId));
    const scored = rows.find((r) => r.status === 1);
    expect(scored?.attemptId).toBeTruthy();
    const [attempt] = await t.deps.db
      .select()
      .from(attempts)
      .where(eq(attempts.attemptId, scored?.attemptId ?? 0));
    expect(attempt).toMatchObject({ userId: studentId, status: 2, testId });
    // every bubble question marked right; a Numerical question has no bubbles on the sheet (unanswered, 0)
    const numerical = frozen.filter((q) => q.questionType === 4).reduce((sum, q) => sum + q.points, 0);
    expect(attempt.actualScore).toBe((attempt.totalScore ?? 0) - numerical);
    expect(attempt.actualScore).toBeGreaterThan(0);
    const queued = await erp.get(`/api/omr/tests/${testId}/sheets?queued=true`);
    expect(queued.json().items).toHaveLength(1);
    expect(queued.json().items[0].reasons.join(' ')).toMatch(/unclear mark/);
    const scan = await erp.get(`/api/omr/sheets/${queued.json().items[0].sheetId}/scan`);
    expect([scan.statusCode, scan.headers['content-type']]).toEqual([200, 'image/jpeg']);

    const again = await upload([{ name: 'answers.zip', data: zip }]);
    await finished(again.json().taskId);
    expect(await t.deps.db.select().from(omrSheets).where(eq(omrSheets.testId, testId))).toHaveLength(2);
    expect(await t.deps.db.select().from(attempts).where(eq(attempts.testId, testId))).toHaveLength(1);
  }, 120_000); // generated pages read on the CPU pool: 10–25 s on a 2-core machine shared with the other levels

  it('the correction queue: fixing the marks scores the sheet as the student’s attempt; an unknown student is refused', async () => {
    const item = (await erp.get(`/api/omr/tests/${testId}/sheets?queued=true`)).json().items[0];
    const wrong = await erp.put(`/api/omr/sheets/${item.sheetId}`, {
      studentId: '99999',
      answers: [[[1], [1], [1], [1]]],
    });
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, m.unknownStudent]);
    const shape = await erp.put(`/api/omr/sheets/${item.sheetId}`, {
      studentId: String(studentId),
      answers: [[[1]]],
    });
    expect([shape.statusCode, shape.json().message]).toEqual([400, m.answersShape]);
    const ok = await erp.put(`/api/omr/sheets/${item.sheetId}`, {
      studentId: String(studentId),
      answers: [[[1], [2], [], [1]]],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(m.corrected);
    const twice = await erp.put(`/api/omr/sheets/${item.sheetId}`, {
      studentId: String(studentId),
      answers: [[[1], [2], [], [1]]],
    });
    expect(twice.statusCode).toBe(409);
    expect(await t.deps.db.select().from(attempts).where(eq(attempts.testId, testId))).toHaveLength(2);
    expect((await erp.get(`/api/omr/tests/${testId}/sheets?queued=true`)).json().items).toHaveLength(0);
  });

  it('without UploadAnswerSheets or without OMR in the package, the server refuses', async () => {
    const ro = await as(t, 'readonly@example.com');
    const res = await upload([{ name: 'a.zip', data: await zipOf([]) }], testId, ro.cookie);
    expect(res.statusCode).toBe(403);
  });
});
