// Who the questions list offers + New (moved from e2e/question-bank.e2e.ts, issue 23): a subscriber's
// Administrator who may create questions but has no own topic and no right to make one is not offered it (a
// question could not be saved); the ERP institute's Super User is. The rule itself: the contracts'
// mayOfferNewQuestion (questions.test.ts).
import { configurationEndpoints } from '@assess/contracts/configuration';
import { questionBankEndpoints as qb } from '@assess/contracts/questions';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists, tree } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import { QuestionsPage } from './QuestionsPage';

function fakeBank(topics: string[]) {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(qb.tree, () => tree(topics))
    .on(qb.list, () => ({ items: [], totalCount: 0 }));
}
const newButton = () => page.getByRole('button', { name: '+ New', exact: true });

describe('QuestionsPage: + New', () => {
  it("is not offered to a subscriber's Administrator without an own topic or the right to make one", async () => {
    fakeBank([]);
    const session = staffSession({
      privilegeObject: {
        packageId: 4,
        privileges: { Question: ['ViewQuestion', 'CreateQuestion'] },
        roles: [{ id: 2 }],
      },
    });
    await renderApp(<QuestionsPage />, { session });
    await expect.element(page.getByRole('group', { name: 'Questions shown' })).toBeVisible();
    await expect.poll(() => fakeApi.requestsTo(qb.tree).length).toBeGreaterThan(0);
    await expect.element(page.getByRole('grid', { name: 'Questions' })).toBeVisible();
    expect(newButton().elements()).toHaveLength(0);
    await checkA11y();
  });

  it("is offered to the ERP institute's Super User", async () => {
    fakeBank(['Algebra']);
    await renderApp(<QuestionsPage />);
    await expect.element(newButton()).toBeVisible();
  });
});
