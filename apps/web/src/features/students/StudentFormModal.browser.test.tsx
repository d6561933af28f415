import { configurationEndpoints } from '@assess/contracts/configuration';
import { studentMessages as m, studentEndpoints as se } from '@assess/contracts/students';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { field, pick, setDay, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { StudentFormModal } from './StudentFormModal';

function fakeStudents() {
  fakeApi
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(se.courses, () => [])
    .on(se.byEmail, () => ({ found: 'none' as const }))
    .on(se.mobileExists, () => ({ exists: false, message: null }))
    .on(se.register, () => ({ userId: 41, message: m.registered }));
}

describe('StudentFormModal (add)', () => {
  it('after a registration the e-mail lookup does not report the new student as already registered', async () => {
    fakeStudents();
    const onClose = vi.fn();
    await renderApp(<StudentFormModal userId={null} onClose={onClose} />);
    const d = page.getByRole('dialog');
    await field(d, 'Email').fill('meera.k@example.com');
    await expect.poll(() => fakeApi.requestsTo(se.byEmail).length).toBeGreaterThan(0);
    await field(d, 'Full Name').fill('Meera Kulkarni');
    await field(d, 'Mobile No').fill('9876505678');
    await pick(d, 'Gender', 'Female');
    await setDay(d, 'Date of Birth', '2009-04-12');
    await field(d, 'Password').fill('Learner@123');
    await field(d, 'Confirm Password').fill('Learner@123');
    // from now on the server holds her: a lookup of her e-mail would find her in reach
    fakeApi.on(se.byEmail, () => ({
      found: 'inReach' as const,
      message: m.alreadyRegistered,
      student: { userId: 41 } as never,
    }));
    const lookupsBefore = fakeApi.requestsTo(se.byEmail).length;
    await d.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.element(toast(m.registered)).toBeVisible();
    await expect.poll(() => onClose.mock.calls.length, { timeout: 10_000 }).toBe(1);
    expect(fakeApi.requestsTo(se.byEmail)).toHaveLength(lookupsBefore);
    expect(page.getByText(m.alreadyRegistered).query()).toBeNull();
  });

  it('shows every message for invalid data and sends nothing; valid data registers the student', async () => {
    fakeStudents();
    await renderApp(<StudentFormModal userId={null} onClose={() => {}} />);
    const d = page.getByRole('dialog');
    await expect.element(d.getByRole('heading', { name: 'New Student' })).toBeVisible();
    // isDefault values preselected
    await expect.element(d.getByRole('combobox', { name: /^Language/ })).toHaveTextContent('English');
    const add = d.getByRole('button', { name: 'Add', exact: true });
    await expect.element(add).toBeDisabled();
    await field(d, 'Email').fill('nisha.c23@example.com');
    await field(d, 'Full Name').fill('R2 D2');
    await field(d, 'Mobile No').fill('5123');
    await pick(d, 'Gender', 'Male');
    await setDay(d, 'Date of Birth', '2999-01-01');
    await field(d, 'Password').fill('secret');
    await field(d, 'Confirm Password').fill('other');
    await field(d, 'Parent Mobile').fill('12345');
    await add.click();
    await expect.element(toast(m.mandatory)).toBeVisible();
    // closed as the user may: the next toast waits for it
    await toast(m.mandatory).getByRole('button', { name: 'Close' }).click();
    for (const message of [
      m.fullNameInvalid,
      m.mobileInvalid,
      m.dobFuture,
      m.passwordPolicy,
      m.confirmMismatch,
      m.parentMobileInvalid,
    ])
      await expect.element(d.getByText(message)).toBeVisible();
    expect(fakeApi.requestsTo(se.register)).toEqual([]);
    await checkA11y();

    await field(d, 'Full Name').fill('Nisha Rao');
    await field(d, 'Mobile No').fill('9876501234');
    await setDay(d, 'Date of Birth', '2009-04-12');
    await field(d, 'Password').fill('Learner@123');
    await field(d, 'Confirm Password').fill('Learner@123');
    await field(d, 'Parent Mobile').fill('9988001122');
    await add.click();
    await expect.element(toast(m.registered)).toBeVisible();
    const [sent] = fakeApi.requestsTo(se.register);
    expect(sent.body.studentInfo).toMatchObject({
      email: 'nisha.c23@example.com',
      fullName: 'Nisha Rao',
      dob: '2009-04-12',
      mobile: '9876501234',
    });
  });

  it('the e-mail lookup reports another user as existing and keeps Add off', async () => {
    fakeStudents();
    fakeApi.on(se.byEmail, () => ({ found: 'exists' as const, message: m.emailExists }));
    await renderApp(<StudentFormModal userId={null} onClose={() => {}} />);
    const d = page.getByRole('dialog');
    await field(d, 'Email').fill('readonly@example.com');
    await expect.element(d.getByText(m.emailExists)).toBeVisible();
    await expect.element(field(d, 'Full Name')).toBeEnabled();
    await expect.element(d.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  });
});
