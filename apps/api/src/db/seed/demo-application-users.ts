import { Role, type RoleId, UserType } from '@assess/contracts/access';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/client';
import { userRoles, users } from '../schema';
import { DEMO_PASSWORD, type DemoProviderIds } from './demo';

/** [provider key, first name, last name, role] of the staff users each demo provider has besides its sign-in. */
const demoStaff: [string, string, string, RoleId][] = [
  ['owner', 'Olivia', 'Fernandes', Role.Administrator],
  ['owner', 'Kiran', 'Bose', Role.ContentCurator],
  ['erp', 'Arjun', 'Malhotra', Role.Administrator],
  ['partner', 'Nisha', 'Kapoor', Role.ContentCurator],
  ['partner', 'Vikram', 'Sethi', Role.ReadOnly],
  ['subscriber', 'Rekha', 'Pillai', Role.ReadOnly],
  ['aggregator', 'Farhan', 'Ali', Role.Administrator],
  ['quick', 'Leela', 'Krishnan', Role.Administrator],
  ['quick', 'Manoj', 'Tiwari', Role.ReadOnly],
  ['trial', 'Tushar', 'Saxena', Role.ReadOnly],
  ['expired', 'Esha', 'Kulkarni', Role.ReadOnly],
  ['trialover', 'Tejas', 'Pandey', Role.ReadOnly],
  ['predictor', 'Pooja', 'Chawla', Role.ReadOnly],
  ['child', 'Ritu', 'Bansal', Role.Administrator],
];

/**
 * Demo application users (issue 17): every demo provider gets staff users with roles of its type, besides
 * the sign-in accounts of demo.ts. They sign in with the demo password at first.last@example.com.
 */
export async function seedDemoApplicationUsers(db: Db, now: Date, ids: DemoProviderIds) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const [i, [key, first, last, roleId]] of demoStaff.entries()) {
    const providerId = ids.get(key);
    if (providerId === undefined) continue;
    const email = `${first}.${last}@example.com`.toLowerCase();
    const [row] = await db
      .insert(users)
      .values({
        providerId,
        userTypeId: UserType.ProviderUser,
        userName: email,
        email,
        passwordHash,
        firstName: first,
        lastName: last,
        fullName: `${first} ${last}`,
        mobile: `97000001${String(i).padStart(2, '0')}`,
        address: 'Demo address, India',
        createdDate: now,
        updatedDate: now,
      })
      .returning({ id: users.userId });
    await db.insert(userRoles).values({ userId: row.id, roleId, sequence: 0 });
  }
}
