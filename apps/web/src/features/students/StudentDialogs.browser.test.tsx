// The students page's smaller dialogs (moved from e2e/students.e2e.ts, issue 23): the profile picture shows the
// server's refusal of a file that is not an image, and the clone dialog refuses the selected student itself as
// the source ('Cannot clone the same user.') before any request. The server's side of both is an API test
// (profile-picture.int.test.ts, students-approval.int.test.ts); the browser journey keeps a picture upload and a
// clone through the real server.
import {
  studentMessages as m,
  pictureEndpoints,
  pictureMessages as pm,
  studentEndpoints as se,
} from '@assess/contracts/students';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { chooseFiles, toast } from '../../test/fields';
import { renderApp } from '../../test/render';
import { CloneDialog } from './CloneDialog';
import { ProfilePictureField } from './ProfilePictureField';

const student = (userId: number, fullName: string) => ({
  userId,
  fullName,
  class: '12',
  board: 'CBSE',
  email: `${fullName.split(' ')[0].toLowerCase()}@e2e.test`,
  mobile: '9876543210',
  state: null,
  city: null,
  parentMobile: null,
  parentEmail: null,
  isActive: true,
});

describe('ProfilePictureField', () => {
  it("shows the server's refusal of a file that is not an image", async () => {
    fakeApi.on(pictureEndpoints.upload, () => apiError(415, pm.notAnImage));
    await renderApp(<ProfilePictureField userId={31} name="Diya Menon" />);
    await expect.element(page.getByRole('button', { name: 'Upload picture' })).toBeVisible();
    chooseFiles(page.getByLabelText('Profile picture file'), [
      new File(['not an image'], 'fake.png', { type: 'image/png' }),
    ]);
    await expect.element(toast(pm.notAnImage)).toBeVisible();
    expect(fakeApi.requestsTo(pictureEndpoints.upload)).toHaveLength(1);
  });
});

describe('CloneDialog', () => {
  it('refuses the selected student as the source before any request; another one is cloned', async () => {
    fakeApi
      .on(se.list, () => ({ items: [student(41, 'Aarav Shah'), student(42, 'Sneha Iyer')], totalCount: 2 }))
      .on(se.clone, () => ({ message: m.cloneSuccess, copied: { course_users: 1 } }));
    await renderApp(<CloneDialog studentIds={[41]} onClose={() => {}} />);
    const d = page.getByRole('dialog');
    await expect.element(d.getByRole('heading', { name: 'Clone Student' })).toBeVisible();
    const clone = d.getByRole('button', { name: 'Clone', exact: true });
    await expect.element(clone).toBeDisabled();
    await d.getByRole('radio', { name: 'Clone from Aarav Shah' }).click();
    await clone.click();
    await expect.element(toast(m.cloneSameUser)).toBeVisible();
    expect(fakeApi.requestsTo(se.clone)).toEqual([]);
    await d.getByRole('radio', { name: 'Clone from Sneha Iyer' }).click();
    await clone.click();
    await expect.element(toast(m.cloneSuccess)).toBeVisible();
    expect(fakeApi.requestsTo(se.clone).map((r) => r.body)).toEqual([
      { fromStudentId: 42, studentIds: [41] },
    ]);
  });
});
