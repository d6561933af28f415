// The topic-wise test wizard (part 3 §2, §5 "Topic-wise wizard", §8 "Topic-wise create"; moved from
// e2e/topicwise.e2e.ts, issue 23): each step's rules word for word before the next, nothing sent while one
// fails; the §5 defaults and the expiry in DD-Mon-YYYY; what 'Create Tests' sends (createTests or
// CreateCombinedTopicsTest) and each answer of §8 (created → the tests list, a taken code keeps the user on the
// page, a partial creation → the codes dialog with 4 codes and '...and N more'). axe on each step and the dialog.
// The browser journey keeps one creation through the real server and its codes dialog on a second run.
import { licenceMessages } from '@assess/contracts/access';
import { formatDate } from '@assess/contracts/common';
import { configurationEndpoints } from '@assess/contracts/configuration';
import { questionBankEndpoints } from '@assess/contracts/questions';
import { testEditorMessages, testLimits, testMessages } from '@assess/contracts/tests';
import { topicwiseMessages as m, topicwiseEndpoints as te } from '@assess/contracts/topicwise';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { getListPaging, setListPaging } from '../../components/listPaging';
import { configurationLists, tree } from '../../test/builders';
import { elapsedUntil, expectDelay, nowMs } from '../../test/delays';
import { apiError, fakeApi } from '../../test/fakeApi';
import { dayShown, pick, setDay, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { Component as TopicWiseWizardPage } from './TopicWiseWizardPage';

const box = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
const next = () => page.getByRole('button', { name: 'Next' }).click();
const form = (step: string) => page.getByRole('form', { name: step });
const created = { message: null, created: ['TW-11-1', 'TW-12-1'], codes: [], taskId: null };

function fakeLookups() {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(questionBankEndpoints.tree, () => tree(['Topic 1', 'Topic 2']))
    .on(te.count, () => ({ count: 0, limit: 1000 }));
}

/** Step 1 with the given topics of 'Maths', then step 2 filled valid (2 = 1 SCQ + 1 NUMERICAL, 2 sets). */
async function toConfiguration(topics: string[], combined = false) {
  await pick(page.elementLocator(document.body), 'Category', 'Maths');
  for (const t of topics) await page.getByRole('checkbox', { name: t, exact: true }).click();
  await expect.element(page.getByText(`${topics.length} topic(s) chosen`)).toBeVisible();
  if (combined) await page.getByRole('checkbox', { name: 'Combined Topic Test' }).click();
  await next();
  await box('Questions Allowed').fill('2');
  await box('SCQ Question Count').fill('1');
  await box('NUMERICAL Question Count').fill('1');
  await box('setCount').fill('2');
  await next();
  await box('Code Prefix').fill('TWX');
  await box('Name Prefix').fill('Topic Wise');
}

describe('TopicWiseWizardPage', () => {
  it("shows each step's rules before the next, the §5 defaults, and sends nothing while one fails", async () => {
    fakeLookups();
    await renderApp(<TopicWiseWizardPage />, { path: '/admin/tests' });
    // Select Topics: the note, a topic required; a target audience needs an objective
    await expect.element(page.getByText(m.topicNote)).toBeVisible();
    await next();
    await expect.element(page.getByRole('alert').filter({ hasText: m.selectTopic })).toBeVisible();
    await pick(page.elementLocator(document.body), 'Category', 'Maths');
    await page.getByRole('checkbox', { name: 'Topic 1', exact: true }).click();
    await pick(page.elementLocator(document.body), 'TargetAudience', 'Class 10 students');
    await userEvent.keyboard('{Escape}');
    await next();
    await expect.element(page.getByText(m.objectiveForAudience)).toBeVisible();
    await checkA11y();
    await pick(page.elementLocator(document.body), 'Objectives', 'Practice');
    await userEvent.keyboard('{Escape}');
    await next();

    // Section Configuration: questions allowed ≥ 1, points > 0, sets ≥ 1, the counts add up
    await expect.element(form('Section Configuration')).toBeVisible();
    await box('Questions Allowed').fill('0');
    await box('Points per Question').fill('0');
    await box('setCount').fill('0');
    await box('SCQ Question Count').fill('1');
    await next();
    for (const message of [m.questionsAllowed, m.points, m.setCount])
      await expect.element(page.getByText(message)).toBeVisible();
    await expect.element(page.getByText(m.countsMustMatch).first()).toBeVisible();
    await box('Questions Allowed').fill('2');
    await box('Points per Question').fill('1');
    await box('setCount').fill('2');
    await box('NUMERICAL Question Count').fill('-1');
    await next();
    await expect.element(page.getByText(m.countNotNegative)).toBeVisible();
    await checkA11y();
    await box('NUMERICAL Question Count').fill('1');
    await next();

    // Test Configuration: the §5 defaults, the expiry in DD-Mon-YYYY; the objective chosen on the first step
    await expect.element(form('Test Configuration')).toBeVisible();
    await expect.element(form('Test Configuration').getByText('Practice')).toBeVisible();
    for (const [label, value] of [
      ['Welcome Message', 'Welcome'],
      ['Conclude Message', 'Thank You!'],
      ['Feedback Pass', 'Pass'],
      ['Feedback Fail', 'Failed'],
      ['Feedback Mastery', 'Excellent !'],
      ['Duration', String(testLimits.durationDefault)],
      ['Attempts', String(testLimits.attemptsDefault)],
    ])
      await expect.element(box(label)).toHaveValue(value);
    const body = page.elementLocator(document.body);
    expect(dayShown(body, 'Expiry Date')).toBe(formatDate(new Date(`${testLimits.expiryDefault}T12:00:00`)));
    await setDay(body, 'Expiry Date', '2030-06-15');
    await expect.poll(() => dayShown(body, 'Expiry Date')).toBe('15-Jun-2030');
    // prefixes of 3 to 20 characters, the messages required, duration 1–360, mastery above passing
    await box('Code Prefix').fill('AB');
    await box('Name Prefix').fill('TW');
    await box('Welcome Message').clear();
    await box('Duration').fill('0');
    await box('Passing Score').fill('5');
    await box('Mastery Score').fill('4');
    await page.getByRole('button', { name: m.createTests }).click();
    await expect.element(page.getByText(m.prefix).nth(1)).toBeVisible();
    for (const message of [m.required, testMessages.durationRange, testEditorMessages.masteryAbovePassing])
      await expect.element(page.getByText(message)).toBeVisible();
    await checkA11y();
    expect(fakeApi.requestsTo(te.createTests)).toEqual([]);
  });

  it("the topic step stops at the Tests limit (current + chosen + 1) with the package's warning; the lists' paging resets", async () => {
    fakeLookups();
    fakeApi.on(te.count, () => ({ count: 8, limit: 10 }));
    setListPaging('tests', { page: 3, pageSize: 50 });
    await renderApp(<TopicWiseWizardPage />, { path: '/admin/tests' });
    // §9: grids reset to page 1, size 10 on the topic-wise page
    await expect.element(page.getByText(m.topicNote)).toBeVisible();
    expect(getListPaging('tests')).toEqual({ page: 1, pageSize: 10 });
    await pick(page.elementLocator(document.body), 'Category', 'Maths');
    for (const t of ['Topic 1', 'Topic 2'])
      await page.getByRole('checkbox', { name: t, exact: true }).click();
    await next();
    // 8 + 2 + 1 > 10: the warning, and the step stays
    await expect.element(toast(licenceMessages.Tests.replace('{n}', '10'))).toBeVisible();
    await expect.element(form('Select Topics')).toBeVisible();
    // 8 + 1 + 1 = 10: allowed
    await page.getByRole('checkbox', { name: 'Topic 2', exact: true }).click();
    await next();
    await expect.element(form('Section Configuration')).toBeVisible();
    expect(fakeApi.requestsTo(te.count)).toHaveLength(2);
    expect(fakeApi.requestsTo(te.createTests)).toEqual([]);
  });

  it('creates the tests, says so and goes to the tests list; combined tests use CreateCombinedTopicsTest', async () => {
    fakeLookups();
    let answeredAt = 0;
    fakeApi.on(te.createTests, () => {
      answeredAt = nowMs();
      return created;
    });
    await renderApp(<TopicWiseWizardPage />, { path: '/admin/tests' });
    await toConfiguration(['Topic 1', 'Topic 2']);
    await page.getByRole('button', { name: m.createTests }).click();
    await expect.element(toast(m.created)).toBeVisible();
    expect(fakeApi.requestsTo(te.createTests)[0]?.body).toMatchObject({
      topics: { topicIds: [11, 12], combinedTopicTest: false },
      poolconfiguration: {
        questionsAllowed: 2,
        scqQuestionsCount: 1,
        numericalQuestionsCount: 1,
        setCount: 2,
      },
      testconfiguration: { testCodePrefix: 'TWX', testNamePrefix: 'Topic Wise', welcomeMessage: 'Welcome' },
    });
    // the tests list 2 s later (§9), not sooner
    const away = page.getByTestId('navigated-away');
    expectDelay(await elapsedUntil(answeredAt, () => away.elements().length > 0), 2000);
  });

  it('sends combined tests to CreateCombinedTopicsTest; a taken code keeps the user on the page', async () => {
    fakeLookups();
    fakeApi.on(te.createCombinedTests, () => ({ ...created, message: m.codeExists, created: [] }));
    await renderApp(<TopicWiseWizardPage />, { path: '/admin/tests' });
    await toConfiguration(['Topic 1', 'Topic 2'], true);
    await page.getByRole('button', { name: m.createTests }).click();
    await expect.element(toast(m.codeExists)).toBeVisible();
    expect(fakeApi.requestsTo(te.createCombinedTests)[0]?.body.topics.combinedTopicTest).toBe(true);
    expect(fakeApi.requestsTo(te.createTests)).toEqual([]);
    await expect.element(form('Test Configuration')).toBeVisible();
  });

  it('shows a partial creation in the codes dialog: the message, 4 codes, "...and N more", OK to the list', async () => {
    fakeLookups();
    const codes = ['TWX-11-1', 'TWX-11-2', 'TWX-12-1', 'TWX-12-2', 'TWX-13-1', 'TWX-13-2'];
    fakeApi.on(te.createTests, () => apiError(409, m.partial(2, 8), { codes }));
    await renderApp(<TopicWiseWizardPage />, { path: '/admin/tests' });
    await toConfiguration(['Topic 1', 'Topic 2']);
    await page.getByRole('button', { name: m.createTests }).click();
    const dialog = page.getByRole('dialog', { name: 'Topic-wise tests' });
    await expect.element(dialog.getByText(m.partial(2, 8))).toBeVisible();
    const listed = dialog.getByTestId('topicwise-codes').getByRole('listitem');
    expect(listed.elements().map((e) => e.textContent)).toEqual([...codes.slice(0, 4), m.andMore(2)]);
    await checkA11y();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.element(page.getByTestId('navigated-away')).toBeVisible();
  });
});
