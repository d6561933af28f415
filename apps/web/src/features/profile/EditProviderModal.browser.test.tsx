// The Edit provider dialog (moved from e2e/accounts.e2e.ts, issue 23): invalid data is marked in the spec's words
// and sends nothing, another provider's mobile is reported while typing, no validity dates for a provider other
// than the owner, the update sends the form and says so; axe. The browser journey keeps the saved profile
// through the real server (the account menu shows the new name).
import { accountsEndpoints as ae, accountsMessages as m } from '@assess/contracts/auth';
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { providerProfile } from '../../test/builders';
import { apiError, fakeApi } from '../../test/fakeApi';
import { field, toast } from '../../test/fields';
import { checkA11y, renderApp } from '../../test/render';
import { staffSession } from '../../test/session';
import EditProviderModal from './EditProviderModal';

const TAKEN_MOBILE = '9000000001';
function fakeProfile() {
  fakeApi
    .on(ae.provider, () =>
      providerProfile({
        providerId: 9,
        name: 'Test profile',
        packageId: 4,
        address: null,
        mobile: '7000000009',
        email: 'profile@school.example',
      }),
    )
    .on(ae.providerEmailExists, () => ({ exists: false }))
    .on(ae.providerMobileExists, ({ query }) => ({ exists: query.mobile === TAKEN_MOBILE }))
    .on(ae.updateProvider, () => ({ providerId: 9, message: m.providerUpdated }));
}
/** The dialog of provider 9 (not the owner), once its profile has loaded. */
async function openDialog() {
  fakeProfile();
  const session = staffSession({ userDetails: { providerId: 9 } });
  await renderApp(<EditProviderModal open session={session} onClose={() => {}} />, { session });
  const d = page.getByRole('dialog', { name: 'Edit provider' });
  await expect.element(field(d, 'Name')).toHaveValue('Test profile');
  return d;
}

describe('EditProviderModal', () => {
  it('marks invalid data and sends nothing; another provider mobile is reported while typing', async () => {
    const d = await openDialog();
    expect(d.getByLabelText('Valid From').query()).toBeNull();
    await field(d, 'Name').fill('ab');
    await field(d, 'Email').fill('not-an-email');
    await field(d, 'Mobile').fill('12345');
    await d.getByRole('button', { name: 'Update Profile' }).click();
    for (const text of [m.providerNameMin, m.invalidEmail, m.providerMobileLength])
      await expect.element(d.getByText(text)).toBeVisible();
    expect(fakeApi.requestsTo(ae.updateProvider)).toEqual([]);
    await checkA11y();

    await field(d, 'Mobile').fill(TAKEN_MOBILE);
    await expect.element(d.getByText(m.providerMobileExists)).toBeVisible();
    await field(d, 'Name').fill('Pillai Tutorials');
    await field(d, 'Email').fill('office@pillai.example');
    await d.getByRole('button', { name: 'Update Profile' }).click();
    expect(fakeApi.requestsTo(ae.updateProvider)).toEqual([]);
  });

  it('updates the profile and says so', async () => {
    const d = await openDialog();
    await field(d, 'Name').fill('Pillai Tutorials');
    await field(d, 'Address').fill('MG Road, Kochi');
    await d.getByRole('button', { name: 'Update Profile' }).click();
    await expect.element(toast(m.providerUpdated)).toBeVisible();
    const [sent] = fakeApi.requestsTo(ae.updateProvider);
    expect(sent.body).toMatchObject({ name: 'Pillai Tutorials', address: 'MG Road, Kochi' });
    expect(sent.body).not.toHaveProperty('validFrom');
  });

  it("a refused save says 'Error while updating profile' and keeps the dialog open with the server's reason", async () => {
    const d = await openDialog();
    fakeApi.on(ae.updateProvider, () => apiError(409, m.providerEmailExists));
    await field(d, 'Name').fill('Pillai Tutorials');
    await d.getByRole('button', { name: 'Update Profile' }).click();
    await expect.element(toast(m.providerUpdateError)).toBeVisible();
    await expect.element(d.getByText(m.providerEmailExists)).toBeVisible();
    expect(toast(m.providerUpdated).query()).toBeNull();
  });

  it("a failed load logs 'error in fetching details.' (part 1 §8) and offers no form", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      fakeApi.on(ae.provider, () => apiError(500, 'down'));
      const session = staffSession({ userDetails: { providerId: 9 } });
      await renderApp(<EditProviderModal open session={session} onClose={() => {}} />, { session });
      const d = page.getByRole('dialog', { name: 'Edit provider' });
      await expect.element(d.getByText(m.fetchError)).toBeVisible();
      expect(logged).toHaveBeenCalledWith(m.fetchError, expect.anything());
      expect(d.getByLabelText('Name').query()).toBeNull();
      await expect.element(d.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    } finally {
      logged.mockRestore();
    }
  });
});
