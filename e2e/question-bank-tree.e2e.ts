// The category/topic tree and answer setting in the browser (issue 11); the questions list:
// question-bank.e2e.ts. Issue 23: one journey, one sign-in (the tree is built, its topic's questions get their
// answers across two pages of ten); the tree's depth limit and keyboard are a component test
// (CategoryTreePage.browser.test.tsx); the server's refusals (a topic with questions, a level too deep, answers
// on another provider's hierarchy) are API tests (tree.int.test.ts, bulk-answers.int.test.ts).
// The journey makes its own category and topics (unique names) through the UI and the API.

import {
  answerMessages as am,
  questionBankEndpoints as qb,
  treeMessages as tm,
} from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { apiOf } from './support/api';
import { checkA11y, shot, url, useBrowser } from './support/browser';
import * as bank from './support/questionBank';

const { confirmDelete, dialog, LONG, makeQuestion, openNode } = bank;
const { signInErp, slowSteps, toast, treeItem, unique } = bank;

describe('question bank: category/topic tree (/admin/import)', () => {
  const s = useBrowser();
  slowSteps(s);

  it(
    'builds a tree (category, topics, a sub-topic, rename, the question counts), sets answers across two pages of ten, deletes an empty topic',
    async () => {
      const { page } = s;
      const tag = unique();
      await signInErp(page);
      await page.goto(url('/admin/import'));
      await page.getByTestId('topbar-title').filter({ hasText: 'Categories & Topics' }).waitFor();
      await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
      // the subscribed content provider's tree is there, read-only
      await page.getByRole('tree', { name: /Demo Content Partner/ }).waitFor();
      // imports come with another issue: present, off
      // (the zip import's Bulk Import is on: e2e/question-zip-import.e2e.ts)
      expect(await page.getByRole('button', { name: 'Bulk Import', exact: true }).isDisabled()).toBe(false);
      // Import Questions (the spreadsheet upload, e2e/question-imports.e2e.ts) waits for an own topic
      expect(await page.getByRole('button', { name: 'Import Questions', exact: true }).isDisabled()).toBe(
        true,
      );

      const cat = `E2E Tree ${tag}`;
      await page.getByRole('button', { name: '+ Category', exact: true }).click();
      let d = dialog(page, 'New Category');
      await d.getByLabel(/^Name/).fill(cat);
      await d.getByRole('button', { name: 'Save' }).click();
      await toast(page, tm.categoryCreated).waitFor();
      await treeItem(page, cat).waitFor();

      // topics under the category, then a sub-topic
      for (const topic of [`Algebra ${tag}`, `Geometry ${tag}`]) {
        await openNode(page, cat);
        await page.getByRole('button', { name: `Add topic to ${cat}` }).click();
        d = dialog(page, `New Topic in ${cat}`);
        await d.getByLabel(/^Name/).fill(topic);
        await d.getByRole('button', { name: 'Save' }).click();
        await toast(page, tm.topicCreated).waitFor();
        await treeItem(page, topic).waitFor();
      }
      // a category holding topics offers no sub-category button
      await openNode(page, cat);
      expect(await page.getByRole('button', { name: `Add sub-category to ${cat}` }).count()).toBe(0);

      await openNode(page, `Algebra ${tag}`);
      await page.getByRole('button', { name: `Add topic to Algebra ${tag}` }).click();
      d = dialog(page, `New Sub-Topic in Algebra ${tag}`);
      await d.getByLabel(/^Name/).fill(`Linear ${tag}`);
      await d.getByRole('button', { name: 'Save' }).click();
      await treeItem(page, `Linear ${tag}`).waitFor();

      // rename
      await openNode(page, `Geometry ${tag}`);
      await page.getByRole('button', { name: `Rename topic Geometry ${tag}` }).click();
      d = dialog(page, 'Rename Topic');
      await d.getByLabel(/^Name/).fill(`Shapes ${tag}`);
      await d.getByRole('button', { name: 'Save' }).click();
      await toast(page, tm.topicRenamed).waitFor();
      await treeItem(page, `Shapes ${tag}`).waitFor();

      // twelve questions in Linear: its count shows, no sub-topic button there
      const tree = await apiOf(page).call(qb.tree, {});
      const linear = tree.nodes.find((n) => n.name === `Linear ${tag}`)!;
      const made = [];
      for (let i = 1; i <= 11; i++)
        made.push(
          await makeQuestion(page, linear.id, {
            code: `A${tag}${String(i).padStart(2, '0')}`,
            solutionText: `Because ${i}`,
          }),
        );
      // a code of the full 20 characters, shown whole in the grid beside the tree
      const longCode = 'W'.repeat(14) + tag.slice(-6).padStart(6, 'W');
      made.push(await makeQuestion(page, linear.id, { code: longCode }));
      await page.reload();
      await page.getByRole('tree', { name: 'Your categories and topics' }).waitFor();
      await openNode(page, cat);
      await openNode(page, `Algebra ${tag}`);
      // the count is in the row and in the item's description
      await page.locator(`#tree-desc-${linear.key}`).filter({ hasText: 'topic, 12 questions' }).waitFor();
      await openNode(page, `Linear ${tag}`);
      expect(await page.getByRole('button', { name: `Add topic to Linear ${tag}` }).count()).toBe(0);
      // the panel shows the topic's questions, each code whole (not cut)
      await page
        .getByRole('grid', { name: `Questions of Linear ${tag}` })
        .getByRole('row')
        .nth(1)
        .waitFor();
      const codeCell = page
        .getByRole('grid', { name: `Questions of Linear ${tag}` })
        .getByTestId('question-code')
        .filter({ hasText: longCode });
      await expect
        .poll(() =>
          codeCell.evaluate((el) => {
            const cell = el.closest('[role="gridcell"]') as HTMLElement;
            const a = el.getBoundingClientRect();
            const b = cell.getBoundingClientRect();
            return el.scrollWidth <= el.clientWidth && a.right <= b.right + 0.5 && a.bottom <= b.bottom + 0.5;
          }),
        )
        .toBe(true);
      // (deleting a topic with questions is refused: tree.int.test.ts; the keyboard: CategoryTreePage.browser.test.tsx)
      await shot(page, 'question-bank-tree');
      await checkA11y(page);

      // answer setting on Linear: the notice, ten a page, a solution shown, then Submit saves both pages
      await page.getByRole('button', { name: 'Set Answers', exact: true }).click();
      const notice = dialog(page, 'Set Answers');
      await notice.getByText(am.notice).waitFor();
      await notice.getByRole('button', { name: 'OK' }).click();
      const answers = dialog(page, `Set Answers: Linear ${tag}`);
      await answers.getByText(am.counter(10, 12)).waitFor();
      const first = answers.getByTestId(`answer-${made[0].code}`);
      await first.getByRole('radio', { name: /^\(a\)/ }).check();
      await first.getByRole('button', { name: am.showSolution }).click();
      await first.getByText('Because 1').waitFor();
      await first.getByRole('button', { name: am.hideSolution }).waitFor();
      await shot(page, 'answer-setting-page-1');
      await checkA11y(page);
      await answers.getByRole('button', { name: 'Next questions' }).click();
      await answers.getByText(am.counter(12, 12)).waitFor();
      const eleventh = answers.getByTestId(`answer-${made[10].code}`);
      await eleventh.getByRole('radio', { name: /^\(a\)/ }).check();
      await shot(page, 'answer-setting-page-2');
      await answers.getByRole('button', { name: 'Submit' }).click();
      await answers.getByText(am.saved).first().waitFor();
      await answers.waitFor({ state: 'detached' });
      for (const q of [made[0], made[10], made[1]]) {
        const stored = await apiOf(page).call(qb.get, { params: { questionId: q.questionId } });
        expect(stored.correctChoices).toEqual(q === made[1] ? [2] : [1]);
      }
      // (read-only on a content provider's hierarchy: bulk-answers.int.test.ts '§2 read-only rules' and the
      // contracts' answersSubmitDisabled)

      // an empty topic is deleted
      await openNode(page, `Shapes ${tag}`);
      await page.getByRole('button', { name: `Delete topic Shapes ${tag}` }).click();
      await confirmDelete(page);
      await toast(page, tm.topicRemoved).waitFor();
      await treeItem(page, `Shapes ${tag}`).waitFor({ state: 'detached' });

      // (a topic at the package's depth: CategoryTreePage.browser.test.tsx and tree.int.test.ts)
    },
    LONG,
  );
});
