// The section's question grid (part 2 §7 section question update, §8 publish): an own unpublished question opens in
// the question dialog (Update Question) and is read again after it; an own Ready one is published with 'Test Question
// published successfully'; another provider's (subscribed) or a published question offers neither; 'Error occured'
// when an action gets no answer. The section's
// other actions: SectionsStep.browser.test.tsx and e2e/sections.e2e.ts; the server: section-questions.int.test.ts.
import { configurationEndpoints } from '@assess/contracts/configuration';
import {
  ContentType,
  QuestionStatus,
  questionBankEndpoints as qb,
  questionMessages as qm,
  questionCreateSchema,
} from '@assess/contracts/questions';
import { type PoolQuestionRow, sectionEndpoints as se } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, questionFrom, questionRow, tree } from '../../test/builders';
import { apiError, fakeApi } from '../../test/fakeApi';
import { toast } from '../../test/fields';
import { renderApp } from '../../test/render';
import { bodyOf, newQuestionValues } from '../question-bank/dialog/questionForm';
import { SectionQuestionGrid } from './SectionQuestionGrid';

const poolRow = (questionId: number, code: string, patch: Partial<PoolQuestionRow>): PoolQuestionRow => {
  const { isLocked: _l, providerId: _p, version: _v, ...r } = questionRow(questionId, code, patch);
  return { ...r, sequence: questionId - 700, isMandatory: false, isLocked: false, ...patch };
};
const ownReady = poolRow(701, 'OWN-READY', { status: QuestionStatus.Ready });
const ownDraft = poolRow(702, 'OWN-DRAFT', { status: QuestionStatus.Draft });
const subscribed = poolRow(703, 'SUB-PUB', {
  status: QuestionStatus.Published,
  owned: false,
  providerName: 'Demo Content Partner',
});
const stored = {
  ...questionFrom(
    questionCreateSchema.parse(
      bodyOf({
        ...newQuestionValues([11]),
        code: 'OWN-DRAFT',
        contentType: ContentType.Text,
        text: 'What is 2 + 2?',
      }),
    ),
  ),
  questionId: 702,
};

function fakeSection() {
  let reads = 0;
  fakeApi
    .on(se.questions, () => {
      reads++;
      return { items: [ownReady, ownDraft, subscribed], totalCount: 3 };
    })
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(qb.tree, () => tree(['Algebra']))
    .on(qb.get, () => stored)
    .on(qb.publish, () => ({ message: qm.published, question: stored }));
  return { reads: () => reads };
}
const grid = () => page.getByRole('grid', { name: 'Questions of Fixed questions' });
const render = () =>
  renderApp(<SectionQuestionGrid testId={5} poolId={3} sectionName="Fixed questions" readOnly={false} />);

describe('SectionQuestionGrid', () => {
  it('edit and publish only for own questions by the bank rules: publish says Test Question published successfully', async () => {
    fakeSection();
    await render();
    await expect.element(grid().getByText('OWN-READY')).toBeVisible();
    for (const code of ['OWN-READY', 'OWN-DRAFT'])
      await expect.element(grid().getByRole('button', { name: `Edit ${code}` })).toBeVisible();
    expect(grid().getByRole('button', { name: 'Edit SUB-PUB' }).query()).toBeNull();
    expect(grid().getByRole('button', { name: 'Publish SUB-PUB' }).query()).toBeNull();
    expect(grid().getByRole('button', { name: 'Publish OWN-DRAFT' }).query()).toBeNull();

    await grid().getByRole('button', { name: 'Publish OWN-READY' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.element(toast(qm.testQuestionPublished)).toBeVisible();
    expect(fakeApi.requestsTo(qb.publish).map((r) => r.params)).toEqual([{ questionId: 701 }]);
  });

  it("a refused publish shows the server's text", async () => {
    fakeSection();
    fakeApi.on(qb.publish, () => apiError(409, qm.onlyReadyPublishes));
    await render();
    await grid().getByRole('button', { name: 'Publish OWN-READY' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.element(toast(qm.onlyReadyPublishes)).toBeVisible();
    expect(toast(qm.testQuestionPublished).query()).toBeNull();
  });

  it("an action the server cannot be reached for says 'Error occured'", async () => {
    fakeSection();
    fakeApi.on(se.lockQuestion, () => {
      throw new TypeError('Failed to fetch');
    });
    await render();
    await grid().getByRole('button', { name: 'Lock OWN-READY' }).click();
    await expect.element(toast(m.errorOccured)).toBeVisible();
  });

  it('Edit opens Update Question with the stored question; closing reads the section again', async () => {
    const section = fakeSection();
    await render();
    await grid().getByRole('button', { name: 'Edit OWN-DRAFT' }).click();
    const d = page.getByRole('dialog', { name: 'Update Question' });
    await expect.element(d.getByLabelText(/^Code/)).toHaveValue('OWN-DRAFT');
    await expect.element(d.getByLabelText('Question Text', { exact: true })).toHaveValue('What is 2 + 2?');
    const before = section.reads();
    await d
      .getByRole('button', { name: /^(Cancel|Close)$/ })
      .first()
      .click();
    await expect.element(d).not.toBeInTheDocument();
    await expect.poll(() => section.reads()).toBeGreaterThan(before);
  });
});
