// The sign-in form (moved from e2e/auth.e2e.ts, issue 23): its fields and links with axe, empty fields refused
// before any call, and the server's refusal shown as it answers it. The browser journeys keep signing in through
// the real server and each account state's message.
import { authEndpoints as ae, authMessages } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { SignInPage } from './SignInPage';

describe('SignInPage', () => {
  it('has UserName, Password, Log in, Forgot Password ? and Sign Up, and no serious axe violations', async () => {
    await renderApp(<SignInPage />, { session: null, path: '/auth' });
    await expect.element(page.getByLabelText('UserName')).toBeVisible();
    await expect.element(page.getByLabelText('Password', { exact: true })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Forgot Password ?' })).toBeVisible();
    await expect.element(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await checkA11y();
  });

  it('refuses empty fields before any call', async () => {
    await renderApp(<SignInPage />, { session: null, path: '/auth' });
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.element(page.getByText('Enter your user name')).toBeVisible();
    await expect.element(page.getByText('Enter your password')).toBeVisible();
    expect(fakeApi.calls).toEqual([]);
  });

  it("shows the server's refusal and stays on the form", async () => {
    fakeApi.on(ae.signIn, () => apiError(401, authMessages.invalidCredentials));
    await renderApp(<SignInPage />, { session: null, path: '/auth' });
    await page.getByLabelText('UserName').fill('curator@example.com');
    await page.getByLabelText('Password', { exact: true }).fill('Wrong@1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect
      .element(page.getByTestId('sign-in-error'))
      .toHaveTextContent(authMessages.invalidCredentials);
    const [sent] = fakeApi.requestsTo(ae.signIn);
    expect(sent.body).toMatchObject({ userName: 'curator@example.com' });
  });
});
