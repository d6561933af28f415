// Content builders of given(): topics, questions and tests, made through the question bank, the test editor, the
// sections area, scheduling and assignment endpoints as the console makes them.
import { assignmentEndpoints } from '@assess/contracts/assignment';
import { questionBankEndpoints } from '@assess/contracts/questions';
import { schedulingEndpoints } from '@assess/contracts/scheduling';
import { sectionEndpoints } from '@assess/contracts/sections';
import { newSeriesValues, seriesEditorEndpoints, seriesListEndpoints } from '@assess/contracts/series';
import { testEditorEndpoints } from '@assess/contracts/tests';
import type { Client } from './client';
import { type GivenBase, type Student, unique } from './common';
import { saveConfiguration } from './editor';

/** A question made by the builder, with what answers it right and wrong. */
export type BuiltQuestion = {
  questionId: number;
  code: string;
  /** 2 SCQ, 4 Numerical. */
  questionType: 2 | 4;
  topicId: number;
  right: { choiceIds: number[]; numericAnswer: number | null };
  wrong: { choiceIds: number[]; numericAnswer: number | null };
};

export type SectionSpec = {
  /** Fixed picks (questions the builder made). */
  questions: BuiltQuestion[];
  /** Questions allowed (the picks' count unless said). */
  questionCount?: number;
  pointsPerQuestion?: number;
  negativePointsPerQuestion?: number;
};

export type TestSpec = {
  sections: SectionSpec[];
  name?: string;
  code?: string;
  duration?: number;
  attemptsAllowed?: number;
  passingScore?: number | null;
  /** Draft unless said: 'ready' activates it, 'published' publishes it too. Scheduling needs one of them. */
  status?: 'draft' | 'ready' | 'published';
  /** The window (scheduled at `from` − 48 h, as early as the rules allow; the test is made Ready at least). */
  open?: { from: Date; to: Date | null };
  /** Assigned after scheduling. */
  students?: Student[];
};

export type BuiltTest = {
  testId: number;
  code: string;
  name: string;
  poolIds: number[];
  questions: BuiltQuestion[];
};

const H48 = 48 * 60 * 60 * 1000;

export function contentBuilders(g: GivenBase, staff: () => Promise<Client>) {
  let topic: Promise<{ categoryId: number; topicId: number }> | undefined;

  /** A category with `topics` topics under it (a fresh name each call); their ids. */
  async function topics(n = 1, by?: Client) {
    const c = by ?? (await staff());
    const tag = unique();
    const { node: category } = await c.call(questionBankEndpoints.createCategory, {
      body: { name: `Given ${tag}` },
    });
    const topicIds: number[] = [];
    for (let i = 1; i <= n; i++) {
      const { node } = await c.call(questionBankEndpoints.createTopic, {
        body: { name: `Given ${tag} topic ${i}`, categoryId: category.id },
      });
      topicIds.push(node.id);
    }
    return { categoryId: category.id, topicIds };
  }

  /** `n` Ready questions (SCQ unless `type: 4`) of one topic (a fresh one of the builder's unless given). */
  async function questions(
    n: number,
    o: { type?: 2 | 4; topicId?: number; status?: 1 | 2; by?: Client } = {},
  ): Promise<BuiltQuestion[]> {
    const c = o.by ?? (await staff());
    topic ??= topics(1, c).then((x) => ({ categoryId: x.categoryId, topicId: x.topicIds[0] }));
    const topicId = o.topicId ?? (await topic).topicId;
    const type = o.type ?? 2;
    const out: BuiltQuestion[] = [];
    for (let i = 0; i < n; i++) {
      const code = `GQ-${unique()}`;
      const shape =
        type === 2
          ? {
              choices: [
                { text: 'A', image: null },
                { text: 'B', image: null },
              ],
              correctChoices: [2],
            }
          : { numericAnswer: 42 };
      const { question } = await c.call(questionBankEndpoints.create, {
        body: {
          code,
          questionType: type,
          contentType: 1,
          status: o.status ?? 2,
          text: `Question ${code}`,
          topicIds: [topicId],
          ...shape,
        },
      });
      out.push({
        questionId: question.questionId,
        code,
        questionType: type,
        topicId,
        right: type === 2 ? { choiceIds: [2], numericAnswer: null } : { choiceIds: [], numericAnswer: 42 },
        wrong: type === 2 ? { choiceIds: [1], numericAnswer: null } : { choiceIds: [], numericAnswer: 43 },
      });
    }
    return out;
  }

  /** A test of the builder's provider with its sections and fixed picks; activated, published, scheduled and assigned as asked. */
  async function test(spec: TestSpec): Promise<BuiltTest> {
    const c = await staff();
    const code = spec.code ?? `GT-${unique()}`;
    const name = spec.name ?? `Given test ${code}`;
    const info = { code, name, welcomeMessage: 'Welcome', concludeMessage: 'Thank you' };
    const { testId } = await c.call(testEditorEndpoints.create, { body: info });
    const poolIds: number[] = [];
    let total = 0;
    for (const [i, s] of spec.sections.entries()) {
      const points = s.pointsPerQuestion ?? 1;
      const count = s.questionCount ?? s.questions.length;
      total += points * count;
      const { section } = await c.call(sectionEndpoints.create, {
        params: { testId },
        body: {
          code: `S${i + 1}`,
          name: `Section ${i + 1}`,
          questionCount: count,
          pointsPerQuestion: points,
          negativePointsPerQuestion: s.negativePointsPerQuestion ?? 0,
          maxQuestionForScore: null,
          passingScore: null,
          masteryScore: null,
          noOfChoices: null,
        },
      });
      poolIds.push(section.poolId);
      if (s.questions.length)
        await c.call(sectionEndpoints.addQuestions, {
          params: { poolId: section.poolId },
          body: { questionIds: s.questions.map((q) => q.questionId) },
        });
    }
    await saveConfiguration(c, testId, info, {
      duration: spec.duration ?? 30,
      passingScore: spec.passingScore === undefined ? Math.min(1, total) || null : spec.passingScore,
      totalScore: total || null,
      attemptsAllowed: spec.attemptsAllowed ?? 1,
      questionsPerPage: 1,
      pointsPerQuestion: 1,
    });
    const status = spec.status ?? (spec.open ? 'published' : 'draft');
    if (status !== 'draft') await c.call(testEditorEndpoints.activate, { params: { testId } });
    if (status === 'published') await c.call(testEditorEndpoints.publish, { params: { testId } });
    if (spec.open) await schedule(testId, spec.open);
    if (spec.students?.length) await assign(testId, spec.students);
    return { testId, code, name, poolIds, questions: spec.sections.flatMap((s) => s.questions) };
  }

  /** A bare Draft test (the Information step's first Next); its id. */
  async function draftTest(o: { code?: string; name?: string } = {}) {
    const code = o.code ?? `GT-${unique()}`;
    const c = await staff();
    const { testId } = await c.call(testEditorEndpoints.create, {
      body: { code, name: o.name ?? `Given test ${code}` },
    });
    return testId;
  }

  /** A test series of the given (Ready or Published) tests: Draft, Ready (saved with its tests) or Published. */
  async function series(o: { tests: { testId: number }[]; status?: 'draft' | 'ready' | 'published' }) {
    const c = await staff();
    const code = `GS-${unique()}`;
    const values = { ...newSeriesValues(), code, name: `Given series ${code}` };
    const { courseId } = await c.call(seriesEditorEndpoints.create, { body: { ...values, draft: true } });
    if (o.tests.length)
      await c.call(seriesEditorEndpoints.addTests, {
        params: { courseId },
        body: { testIds: o.tests.map((x) => x.testId) },
      });
    const status = o.status ?? 'ready';
    if (status !== 'draft') {
      const { version } = await c.call(seriesEditorEndpoints.get, { params: { courseId } });
      await c.call(seriesEditorEndpoints.update, {
        params: { courseId },
        body: { ...values, draft: false, version },
      });
    }
    if (status === 'published') await c.call(seriesListEndpoints.publish, { params: { courseId } });
    return { courseId, code };
  }

  /** Schedules the test's window from `from` (Now mode), as the schedule dialog does 48 hours before. */
  async function schedule(testId: number, open: { from: Date; to: Date | null }) {
    const at = new Date(open.from.getTime() - H48);
    const saved = await g.at(at, (c) =>
      c.call(schedulingEndpoints.scheduleTest, {
        params: { testId },
        body: {
          scheduleStartDateTime: open.from.toISOString(),
          scheduleEndDateTime: open.to?.toISOString() ?? null,
          assignDateTime: open.from.toISOString(),
        },
      }),
    );
    // the status clock's pass (a job, off in tests) writes the stored status as of the app's clock now
    await g.t.deps.modules.scheduling.scheduleClock.tick();
    return saved;
  }

  /** Assigns students to the test. */
  async function assign(testId: number, students: Student[]) {
    const c = await staff();
    return c.call(assignmentEndpoints.testAssign, {
      params: { testId },
      body: { userIds: students.map((s) => s.userId) },
    });
  }

  return { topics, questions, test, draftTest, series, schedule, assign };
}
export type ContentBuilders = ReturnType<typeof contentBuilders>;
