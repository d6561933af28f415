// The students page (moved from e2e/students.e2e.ts, issue 23): the toolbar, the grid's columns (no State), Clone
// off until a row is ticked, the bulk Submit's 'select students' warning, and the add form's e-mail lookup that
// fills and locks a student in reach, with axe. The browser journey keeps add, picture, approve, reject and clone
// through the real server.
import { configurationEndpoints } from '@assess/contracts/configuration';
import { studentMessages as m, StudentStatus, studentEndpoints as se } from '@assess/contracts/students';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { configurationLists } from '../../test/builders';
import { fakeApi } from '../../test/fakeApi';
import { field, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { StudentsPage } from './StudentsPage';

const row = {
  userId: 31,
  fullName: 'Diya Menon',
  class: '12',
  board: 'CBSE',
  email: 'diya@e2e.test',
  mobile: '9876543210',
  state: 'Kerala',
  city: 'Kochi',
  parentMobile: '9988776655',
  parentEmail: null,
  isActive: true,
};
const detail = {
  studentInfo: {
    userId: 31,
    providerId: 1,
    isActive: true,
    fullName: 'Diya Menon',
    email: 'diya@e2e.test',
    mobile: '9876543210',
    gender: 2,
    dob: '2008-03-14',
    address: null,
    state: null,
    city: null,
    pinCode: null,
    fatherName: null,
    fatherMobile: null,
    fatherEmail: null,
    fatherProfession: null,
  },
  educationInfo: { language: null, board: null, class: null, education: null },
  interestList: [],
  siblingDetailsList: [],
};

function fakeStudentsPage() {
  fakeApi
    .on(se.list, () => ({ items: [row], totalCount: 1 }))
    .on(se.courses, () => [])
    .on(configurationEndpoints.lists, () => configurationLists())
    .on(se.byEmail, () => ({ found: 'none' as const }))
    .on(se.mobileExists, () => ({ exists: false, message: null }));
}
const grid = () => page.getByRole('grid', { name: 'Students' });

describe('StudentsPage', () => {
  it('shows the toolbar and the columns; Clone is off until a row is ticked', async () => {
    fakeStudentsPage();
    await renderApp(<StudentsPage />);
    await expect.element(grid().getByText('diya@e2e.test')).toBeVisible();
    for (const name of ['Clone', 'Export', '+ Add', 'Import'])
      await expect
        .element(
          page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true })),
        )
        .toBeVisible();
    const clone = page.getByRole('button', { name: 'Clone', exact: true });
    await expect.element(clone).toBeDisabled();
    for (const h of [
      'Full Name',
      'Class',
      'Board',
      'Email',
      'Mobile No',
      'City',
      'Parent Mobile',
      'Parent Email',
      'Actions',
    ])
      await expect.element(grid().getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    expect(grid().getByRole('columnheader', { name: 'State', exact: true }).query()).toBeNull();
    await checkA11y();
    await grid().getByRole('row').filter({ hasText: 'diya@e2e.test' }).getByRole('checkbox').click();
    await expect.element(clone).toBeEnabled();
  });

  it('cuts a full name at 22 characters in the grid (part 1 §9); an empty one reads none', async () => {
    fakeStudentsPage();
    const long = { ...row, userId: 32, fullName: 'Abcdefghij Klmnopqrstuvwxyz', email: 'long@e2e.test' };
    const nameless = { ...row, userId: 33, fullName: null, email: 'nameless@e2e.test' };
    fakeApi.on(se.list, () => ({ items: [long, nameless], totalCount: 2 }));
    await renderApp(<StudentsPage />);
    const cells = (email: string) => grid().getByRole('row').filter({ hasText: email }).getByRole('gridcell');
    await expect
      .element(cells('long@e2e.test').getByText('Abcdefghij Klmnopqrstu...', { exact: true }))
      .toBeVisible();
    expect(grid().getByText('Abcdefghij Klmnopqrstuvwxyz', { exact: true }).query()).toBeNull();
    await expect.element(cells('nameless@e2e.test').getByText('none', { exact: true })).toBeVisible();
  });

  it('keeps the Full Name in view when the grid is scrolled sideways to its Actions (1366 px beside the nav)', async () => {
    fakeStudentsPage();
    // the console's content area at 1366 px: the screen less the side navigation
    await renderApp(
      <div style={{ width: 1100 }}>
        <StudentsPage />
      </div>,
    );
    const edit = grid().getByRole('button', { name: 'Edit Diya Menon' });
    await expect.element(edit).toBeVisible();
    const scroller = grid().element().querySelector('.MuiDataGrid-virtualScroller') as HTMLElement;
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    scroller.scrollLeft = scroller.scrollWidth;
    await expect.poll(() => scroller.scrollLeft).toBeGreaterThan(0);
    const frame = scroller.getBoundingClientRect();
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.left >= frame.left - 1 && r.right <= frame.right + 1;
    };
    const name = grid()
      .getByRole('row')
      .filter({ hasText: 'diya@e2e.test' })
      .getByText('Diya Menon', { exact: true });
    await expect.poll(() => inView(name.element())).toBe(true);
    expect(inView(edit.element())).toBe(true);
    // the row's checkbox stays beside its name
    const tick = grid().getByRole('row').filter({ hasText: 'diya@e2e.test' }).getByRole('checkbox');
    expect(inView(tick.element())).toBe(true);
  });

  it('the pending bulk Submit without a ticked student asks to select students', async () => {
    fakeStudentsPage();
    await renderApp(<StudentsPage />);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pending', exact: true }).click();
    await expect
      .poll(() => fakeApi.requestsTo(se.list).some((r) => r.query.status === StudentStatus.Pending))
      .toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.element(toast(m.selectStudents)).toBeVisible();
  });

  it('the add form fills and locks a student in reach found by the e-mail lookup', async () => {
    fakeStudentsPage();
    fakeApi.on(se.byEmail, () => ({
      found: 'inReach' as const,
      message: m.alreadyRegistered,
      student: detail,
    }));
    await renderApp(<StudentsPage />);
    await page.getByRole('button', { name: '+ Add', exact: true }).click();
    const d = page.getByRole('dialog');
    await field(d, 'Email').fill('diya@e2e.test');
    await expect.element(d.getByText(m.alreadyRegistered).first()).toBeVisible();
    await expect.element(field(d, 'Full Name')).toHaveValue('Diya Menon');
    await expect.element(field(d, 'Full Name')).toBeDisabled();
    await expect.element(field(d, 'Mobile No')).toBeDisabled();
    await expect.element(field(d, 'Password')).toHaveValue('');
    await expect.element(field(d, 'Password')).toBeDisabled();
  });
});
