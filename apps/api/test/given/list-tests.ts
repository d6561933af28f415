// Tests of the tests list (and the areas that list tests: series, scheduling), made through the API as the console
// makes them: the test editor's Information and Configuration steps, sections with fixed picks and a topic,
// activation, publication, a schedule (the app's testClock moved there and back), a lock.
import { schedulingEndpoints } from '@assess/contracts/scheduling';
import { sectionEndpoints } from '@assess/contracts/sections';
import { type TestUpdateInput, testEditorEndpoints, testListEndpoints } from '@assess/contracts/tests';
import type { TestApp } from '../harness';
import { signedIn } from './client';
import { saveConfiguration } from './editor';
import { given } from './index';

/** Where the test stands: Draft, Ready, Published, Scheduled (status 4) or In progress (status 5). */
export type ListTestStatus = 'draft' | 'ready' | 'published' | 'scheduled' | 'inProgress';

export type ListTestSpec = {
  code?: string;
  name?: string;
  /** Draft unless said; any other status gives the test one section of one question unless `sections` says. */
  status?: ListTestStatus;
  /** Sections S1…Sn: each `questionsPerSection` fixed picks (the first mandatory), one topic, 2 points, −0.5. */
  sections?: number;
  questionsPerSection?: number;
  /** The Configuration step's fields (the defaults of a new test, duration 30, unless said). */
  config?: Partial<Omit<TestUpdateInput, 'code' | 'name' | 'version'>>;
  /** Locked (after everything else) by this staff user of the provider. */
  lockedBy?: Staff;
};

/** A staff user of the test's provider: a demo user name, or a user name and its password. */
export type Staff = string | { userName: string; password?: string };

const staffOf = (s: Staff) => (typeof s === 'string' ? { userName: s } : s);

export type ListTest = { testId: number; code: string; name: string; poolIds: number[] };

const H = 60 * 60 * 1000;
/** One topic per app and staff user: the sections' topic and its questions' (made once). */
const topicsOf = new WeakMap<TestApp, Map<string, Promise<number>>>();
let seq = 0;
const uniqueCode = () => `LT-${Date.now().toString(36).slice(-4)}${(seq++).toString(36)}`;

/**
 * A test of `by`'s provider, made by `by`. Scheduled tests open in 3 days, in-progress ones opened an hour ago
 * (for a day): the app must be built with a testClock.
 */
export async function listTest(t: TestApp, by: Staff, spec: ListTestSpec = {}): Promise<ListTest> {
  const staff = staffOf(by);
  const c = await signedIn(t, staff.userName, staff.password);
  const g = given(t);
  const status = spec.status ?? 'draft';
  const sections = spec.sections ?? (status === 'draft' ? 0 : 1);
  const perSection = spec.questionsPerSection ?? 1;
  const code = spec.code ?? uniqueCode();
  const name = spec.name ?? `List test ${code}`;
  const info = { code, name };
  const { testId } = await c.call(testEditorEndpoints.create, { body: info });
  const poolIds: number[] = [];
  if (sections) {
    const mine = topicsOf.get(t) ?? new Map<string, Promise<number>>();
    topicsOf.set(t, mine);
    let topic = mine.get(staff.userName);
    if (!topic) {
      topic = g.topics(1, c).then((x) => x.topicIds[0]);
      mine.set(staff.userName, topic);
    }
    const topicId = await topic;
    const qs = await g.questions(sections * perSection, { topicId, by: c });
    for (let s = 0; s < sections; s++) {
      const { section } = await c.call(sectionEndpoints.create, {
        params: { testId },
        body: {
          code: `S${s + 1}`,
          name: `Section ${s + 1}`,
          questionCount: perSection,
          pointsPerQuestion: 2,
          negativePointsPerQuestion: -0.5,
          // mandatory to pass asks for a passing and a mastery score
          isMandatoryToPass: s === 0,
          passingScore: s === 0 ? 1 : null,
          masteryScore: s === 0 ? 2 : null,
          maxQuestionForScore: null,
          noOfChoices: null,
        },
      });
      const { poolId } = section;
      poolIds.push(poolId);
      const picks = qs.slice(s * perSection, (s + 1) * perSection);
      await c.call(sectionEndpoints.addQuestions, {
        params: { poolId },
        body: { questionIds: picks.map((q) => q.questionId) },
      });
      await c.call(sectionEndpoints.mandatoryQuestion, {
        params: { poolId, questionId: picks[0].questionId },
        body: { isMandatory: true },
      });
      await c.call(sectionEndpoints.setTopics, {
        params: { poolId },
        body: { topicIds: [topicId], questionsPerTopic: null, randomizeType: 0 },
      });
    }
  }
  if (spec.config || status !== 'draft')
    await saveConfiguration(c, testId, info, { welcomeMessage: null, concludeMessage: null, ...spec.config });
  if (status !== 'draft') await c.call(testEditorEndpoints.activate, { params: { testId } });
  if (status !== 'draft' && status !== 'ready')
    await c.call(testEditorEndpoints.publish, { params: { testId } });
  if (status === 'scheduled' || status === 'inProgress') await schedule(t, staff, testId, status);
  if (spec.lockedBy) {
    const locker = staffOf(spec.lockedBy);
    await (await signedIn(t, locker.userName, locker.password)).call(testListEndpoints.lock, {
      params: { testId },
      body: { isLocked: true },
    });
  }
  return { testId, code, name, poolIds };
}

/**
 * Scheduled as the schedule dialog does (Now mode, assigned at once), for a day: 'scheduled' opens in 49 hours
 * (scheduled now); 'inProgress' opened an hour ago (scheduled 48 hours before that, the clock moved there and back,
 * signed in there); then the status clock's pass writes the stored status as of now.
 */
async function schedule(
  t: TestApp,
  by: { userName: string; password?: string },
  testId: number,
  status: 'scheduled' | 'inProgress',
) {
  const clock = t.clock;
  if (!clock)
    throw new Error('listTest: a schedule needs the app built with createTestApp({ clock: testClock() })');
  const now = clock();
  const from = new Date(now.getTime() + (status === 'scheduled' ? 49 * H : -H));
  const at = status === 'scheduled' ? now : new Date(from.getTime() - 48 * H);
  clock.set(at);
  try {
    const c = await signedIn(t, by.userName, by.password);
    await c.call(schedulingEndpoints.scheduleTest, {
      params: { testId },
      body: {
        scheduleStartDateTime: from.toISOString(),
        scheduleEndDateTime: new Date(from.getTime() + 24 * H).toISOString(),
        assignDateTime: at.toISOString(),
      },
    });
  } finally {
    clock.set(now);
  }
  await t.deps.modules.scheduling.scheduleClock.tick();
}

/**
 * A provider none of the demo providers subscribes to, made by the owner's wizard: its id and its administrator,
 * who makes its tests. With a test clock it is made 3 days back (valid from then for a year), so that its tests
 * can be scheduled into progress (scheduled 48 hours before a start in the past).
 */
export async function strangerProvider(t: TestApp) {
  const clock = t.clock;
  const now = clock?.() ?? new Date();
  const from = new Date(now.getTime() - (clock ? 72 * H : 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const until = new Date(from.getTime() + 365 * 24 * H);
  clock?.set(from);
  try {
    const p = await given(t).provider({
      validFrom: `${day(from)}T00:00:00Z`,
      validTo: `${day(until)}T23:59:59Z`,
    });
    const staff = { userName: p.body.adminUser.email, password: p.body.adminUser.password };
    return { providerId: p.providerId, staff };
  } finally {
    clock?.set(now);
  }
}
