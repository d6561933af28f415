// The trial sign-up form (moved from e2e/accounts.e2e.ts, issue 23): Create User asks for the e-mail verification
// first, Verify asks for an e-mail, the OTP is sent and a wrong one refused with the server's message, a mobile
// already in use is found while typing; nothing is registered meanwhile; axe. The browser journey keeps the
// registration end to end with the e-mailed OTP (and Create User's 'fill all fields' with a mismatched confirmation).
import { accountsEndpoints as ae, accountsMessages as m } from '@assess/contracts/auth';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { apiError, fakeApi } from '../../test/fakeApi';
import { checkA11y, renderApp } from '../../test/render';
import { SignUpView } from './SignUpView';

const TAKEN_MOBILE = '9876543210';
const notice = () => page.getByTestId('sign-up-notice');

describe('SignUpView', () => {
  it('verifies the e-mail before Create User and refuses what the spec refuses, registering nothing', async () => {
    fakeApi
      .on(ae.emailExists, () => ({ exists: false }))
      .on(ae.mobileExists, ({ query }) => ({ exists: query.mobile === TAKEN_MOBILE }))
      .on(ae.sendOtp, () => ({ message: m.otpSent, resendAfterSeconds: 300 }))
      .on(ae.verifyOtp, ({ body }) =>
        body.otp === '123456'
          ? { verified: true as const, message: m.emailVerified, verificationToken: 'token' }
          : apiError(400, m.invalidOtp),
      );
    await renderApp(<SignUpView />, { session: null, path: '/auth/signUp' });

    await page.getByRole('button', { name: 'Create User' }).click();
    await expect.element(notice()).toHaveTextContent(m.verifyEmail);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.element(notice()).toHaveTextContent(m.enterEmail);
    expect(fakeApi.requestsTo(ae.sendOtp)).toEqual([]);

    await page.getByLabelText(/^First Name(\s*\*)?$/).fill('Meera');
    await page.getByLabelText(/^Last Name(\s*\*)?$/).fill('Pillai');
    await page.getByLabelText(/^Email(\s*\*)?$/).fill('meera@school.example');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect.element(notice()).toHaveTextContent(m.otpSent);
    await expect.element(page.getByText(/Resend available in 0[45]:\d\d/)).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Resend' })).toBeDisabled();
    await page.getByLabelText(/^OTP(\s*\*)?$/).fill('000000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.element(notice()).toHaveTextContent(m.invalidOtp);
    await page.getByLabelText(/^OTP(\s*\*)?$/).fill('123456');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.element(notice()).toHaveTextContent(m.emailVerified);
    await expect.element(page.getByLabelText('Email verified')).toBeVisible();

    await page.getByLabelText(/^Mobile(\s*\*)?$/).fill(TAKEN_MOBILE);
    await expect.element(page.getByText(m.mobileExists).first()).toBeVisible();
    expect(fakeApi.requestsTo(ae.register)).toEqual([]);
    await checkA11y();
  });
});
