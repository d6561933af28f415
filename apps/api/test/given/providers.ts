// Provider wizard bodies (the owner's Providers wizard), shared by the provider and licence API tests.
import type { CreateProviderBody } from '@assess/contracts/providers';

const DAY = 86_400_000;
/** Start (from) or end (to) of the UTC day `days` from now, as the console sends a chosen day. */
export const dayFromNow = (days: number, end = false) =>
  `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T${end ? '23:59:59' : '00:00:00'}Z`;

let serial = 0;
/** A valid wizard body with values unique to this call (name, e-mails, mobiles). */
export function wizardBody(overrides: Partial<CreateProviderBody['provider']> = {}): CreateProviderBody {
  const n = `${process.pid % 1000}${String(++serial).padStart(3, '0')}`.slice(-6);
  return {
    provider: {
      name: `Test Provider ${n}`,
      detailedName: `Test Provider ${n} of Sciences`,
      address: '12 Main Road, Pune',
      email: `office${n}@provider.example`,
      mobile: `7100${n.padStart(6, '0')}`,
      website: 'https://provider.example',
      phone: '',
      packageId: 1,
      providerTypeId: 1,
      contentCuratorIds: [],
      validFrom: dayFromNow(0),
      validTo: dayFromNow(365, true),
      ...overrides,
    },
    adminUser: {
      firstName: 'Asha',
      lastName: 'Verma',
      email: `admin${n}@provider.example`,
      mobile: `7200${n.padStart(6, '0')}`,
      address: '12 Main Road, Pune',
      password: 'Strong@123',
      confirmPassword: 'Strong@123',
    },
  };
}
