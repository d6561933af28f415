// Where the auth views lead (moved from e2e/auth.e2e.ts, issue 23; spec part 1 §2 "Sign-in"): a sign-in lands a
// staff user on /admin/dashboard and a student on /dashboard; the sign-up, forgot-password and reset views show
// their titles and lead back to Log in. The browser journey keeps the staff sign-in through the real server.
import {
  accountsEndpoints as ae,
  authEndpoints,
  accountsMessages as m,
  type Session,
} from '@assess/contracts/auth';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/render';
import { staffSession, studentSession } from '../../test/session';
import { ForgotPasswordView } from './ForgotPasswordView';
import { ResetPasswordView } from './ResetPasswordView';
import { SignInPage } from './SignInPage';
import { SignUpView } from './SignUpView';

describe('SignInPage: where a sign-in lands', () => {
  it.each([
    ['staff', '/admin/dashboard', staffSession()],
    ['a student', '/dashboard', studentSession()],
  ] as [string, string, Session][])('%s lands on %s', async (_who, home, session) => {
    fakeApi.on(authEndpoints.signIn, () => session);
    const { router } = await renderApp(<SignInPage />, { session: null, path: '/auth' });
    await page.getByLabelText('UserName').fill(session.userDetails.userName);
    await page.getByLabelText('Password', { exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.element(page.getByTestId('navigated-away')).toBeVisible();
    expect(router.state.location.pathname).toBe(home);
    expect(fakeApi.requestsTo(authEndpoints.signIn)[0].body).toEqual({
      userName: session.userDetails.userName,
      password: 'Demo@1234',
    });
  });
});

describe('the other auth views lead back to Log in', () => {
  const views: [string, ReactNode, string, string][] = [
    ['Sign Up', <SignUpView key="s" />, '/auth/signUp', '/auth/signUp'],
    ['Forgot Password', <ForgotPasswordView key="f" />, '/auth/forgotPassword', '/auth/forgotPassword'],
    ['Link is expired !', <ResetPasswordView key="r" />, '/forgotPass/:token', '/forgotPass/some-token'],
  ];
  it.each(views)('%s', async (heading, view, path, url) => {
    fakeApi.on(ae.resetLink, () => ({ valid: false, message: m.linkExpired }));
    const { router } = await renderApp(view, { session: null, path, url });
    await expect.element(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect.element(page.getByTestId('navigated-away')).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
