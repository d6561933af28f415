// The Change Password dialog (moved from e2e/accounts.e2e.ts, issue 23): a mismatched confirmation is refused
// before any call, the server's 'current password is wrong' shows in the dialog's notice, and the success message.
// The browser journey keeps the change through the real server (signed out, signed in with the new password).
import {
  accountsEndpoints as ae,
  authEndpoints,
  accountsMessages as m,
  PASSWORD_CLOSE_MS,
} from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import ChangePasswordModal from './ChangePasswordModal';

const dialog = () => page.getByRole('dialog', { name: 'Change Password' });
async function fill(current: string, next: string, confirm: string) {
  await dialog().getByLabelText('Current Password').fill(current);
  await dialog().getByLabelText('New Password').fill(next);
  await dialog().getByLabelText('Confirm Password').fill(confirm);
  await dialog().getByRole('button', { name: 'Change Password' }).click();
}

describe('ChangePasswordModal', () => {
  it('refuses a mismatched confirmation before any call', async () => {
    await renderApp(<ChangePasswordModal open onClose={() => {}} />);
    await fill('Demo@1234', 'weak', 'weak2');
    await expect
      .element(dialog().getByText('The confirmed password does not match the original.'))
      .toBeVisible();
    expect(fakeApi.calls).toEqual([]);
    await checkA11y();
  });

  it("shows the server's refusal of a wrong current password in the dialog, which then closes", async () => {
    fakeApi.on(ae.changePassword, () => apiError(400, m.currentPasswordWrong));
    let closed = false;
    await renderApp(
      <ChangePasswordModal
        open
        onClose={() => {
          closed = true;
        }}
      />,
    );
    await fill('Wrong@2026', 'Changed@2026', 'Changed@2026');
    await expect
      .element(dialog().getByTestId('change-password-notice').getByText(m.currentPasswordWrong))
      .toBeVisible();
    expect(closed).toBe(false);
    // (moved from e2e/accounts.e2e.ts, issue 23: the dialog closes after the outcome, signed in still)
    await expect.poll(() => closed, { timeout: PASSWORD_CLOSE_MS + 5000 }).toBe(true);
    expect(fakeApi.requestsTo(authEndpoints.signOut)).toEqual([]);
  });

  it('says the password was updated', async () => {
    fakeApi
      .on(ae.changePassword, () => ({ status: 1 as const, message: m.passwordUpdated }))
      .on(authEndpoints.signOut, () => ({ message: 'Signed out' }));
    await renderApp(<ChangePasswordModal open onClose={() => {}} />);
    await fill('Demo@1234', 'Changed@2026', 'Changed@2026');
    await expect.element(dialog().getByText(m.passwordUpdated)).toBeVisible();
    const [sent] = fakeApi.requestsTo(ae.changePassword);
    expect(sent.body).toMatchObject({ currentPassword: 'Demo@1234' });
  });
});
