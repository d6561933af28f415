// Forgot and reset password (moved from e2e/accounts.e2e.ts, issue 23): an empty e-mail and a mismatched
// confirmation are refused before any call in the spec's words; a used or expired link (the 12 hours are the API's
// rule, accounts/passwords.int.test.ts) shows 'Link is expired !' and a disabled form; axe. The browser journey
// keeps forgot → the e-mailed link → reset → sign in with the new password through the real server.
import { accountsEndpoints as ae, accountsMessages as m } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { ForgotPasswordView } from './ForgotPasswordView';
import { ResetPasswordView } from './ResetPasswordView';

const RESET = { session: null, path: '/forgotPass/:token', url: '/forgotPass/a-token' };

describe('ForgotPasswordView', () => {
  it('asks for the e-mail before any call', async () => {
    await renderApp(<ForgotPasswordView />, { session: null, path: '/auth/forgotPassword' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.element(page.getByText(m.enterEmail)).toBeVisible();
    expect(fakeApi.calls).toEqual([]);
    await checkA11y();
  });
});

describe('ResetPasswordView', () => {
  it('refuses a mismatched confirmation before the reset call', async () => {
    fakeApi.on(ae.resetLink, () => ({ valid: true }));
    await renderApp(<ResetPasswordView />, RESET);
    await expect.element(page.getByRole('heading', { name: 'Reset Password', level: 1 })).toBeVisible();
    await page.getByLabelText('New Password').fill('Reset@2026');
    await page.getByLabelText('Confirm Password').fill('Reset@2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.element(page.getByText(m.passwordMismatch)).toBeVisible();
    expect(fakeApi.requestsTo(ae.resetPassword)).toEqual([]);
    expect(fakeApi.requestsTo(ae.resetLink)[0].body).toMatchObject({ token: 'a-token' });
    await checkA11y();
  });

  it('a used or expired link shows Link is expired ! and a disabled form', async () => {
    fakeApi.on(ae.resetLink, () => ({ valid: false, message: m.linkExpired }));
    await renderApp(<ResetPasswordView />, RESET);
    await expect.element(page.getByRole('heading', { name: 'Link is expired !', level: 1 })).toBeVisible();
    await expect.element(page.getByLabelText('New Password')).toBeDisabled();
    await expect.element(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  });
});
