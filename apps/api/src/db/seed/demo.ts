import { Package, ProviderType, Role, UserType } from '@assess/contracts/access';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db/client';
import { providerContentCurators, providers, settings, userRoles, users } from '../schema';

export const DEMO_PASSWORD = 'Demo@1234';
const DAY = 86_400_000;

type DemoProvider = {
  key: string;
  name: string;
  type: number;
  pkg: number;
  from: Date;
  to: Date;
  id?: number;
  parent?: string;
  curators?: string[];
};
type DemoUser = {
  email: string;
  first: string;
  last: string;
  provider: string;
  type: number;
  roles: number[];
};

/** Demo provider ids by key (owner, erp, partner, subscriber, aggregator, quick, trial, ...). */
export type DemoProviderIds = ReadonlyMap<string, number>;

/**
 * Demo data of README: one provider of every type and package, and the sign-ins listed there.
 * Returns the providers' ids by key, or null when the database already had providers.
 */
export async function seedDemoData(db: Db, now: Date): Promise<DemoProviderIds | null> {
  const has = await db.execute(sql`select 1 from providers limit 1`);
  if ((has as unknown as { rows: unknown[] }).rows.length > 0) return null;
  const longAgo = new Date(Date.UTC(2020, 0, 1));
  const farAway = new Date(Date.UTC(2099, 11, 31, 23, 59, 59));
  const yesterday = new Date(now.getTime() - DAY);
  const demoProviders: DemoProvider[] = [
    {
      key: 'owner',
      id: 0,
      name: 'Platform Owner',
      type: ProviderType.ERP,
      pkg: Package.Platinum,
      from: longAgo,
      to: farAway,
    },
    {
      key: 'erp',
      name: 'Demo ERP Institute',
      type: ProviderType.ERP,
      pkg: Package.Platinum,
      from: longAgo,
      to: farAway,
      curators: ['partner'],
    },
    {
      key: 'partner',
      name: 'Demo Content Partner',
      type: ProviderType.ContentPartner,
      pkg: Package.Gold,
      from: longAgo,
      to: farAway,
    },
    {
      key: 'subscriber',
      name: 'Demo Subscriber',
      type: ProviderType.Subscriber,
      pkg: Package.Silver,
      from: longAgo,
      to: farAway,
      curators: ['partner'],
    },
    {
      key: 'aggregator',
      name: 'Demo Aggregator',
      type: ProviderType.Aggregator,
      pkg: Package.Platinum,
      from: longAgo,
      to: farAway,
      curators: ['partner'],
    },
    {
      key: 'quick',
      name: 'Demo Quick Tests',
      type: ProviderType.SimplifiedTest,
      pkg: Package.Platinum,
      from: longAgo,
      to: farAway,
    },
    {
      key: 'trial',
      name: 'Demo Trial Subscriber',
      type: ProviderType.Subscriber,
      pkg: Package.Trial,
      from: now,
      to: new Date(now.getTime() + 3 * DAY),
      curators: ['partner'],
    },
    {
      key: 'expired',
      name: 'Demo Expired Institute',
      type: ProviderType.ERP,
      pkg: Package.Gold,
      from: longAgo,
      to: yesterday,
    },
    {
      key: 'trialover',
      name: 'Demo Trial Over',
      type: ProviderType.Subscriber,
      pkg: Package.Trial,
      from: new Date(now.getTime() - 4 * DAY),
      to: yesterday,
      curators: ['partner'],
    },
    {
      key: 'predictor',
      name: 'Demo College Predictor',
      type: ProviderType.Subscriber,
      pkg: Package.CollegePredictor,
      from: longAgo,
      to: farAway,
      curators: ['partner'],
    },
    {
      key: 'child',
      name: 'Demo Aggregator Subscriber',
      type: ProviderType.Subscriber,
      pkg: Package.Platinum,
      from: longAgo,
      to: farAway,
      parent: 'aggregator',
      curators: ['partner'],
    },
  ];
  const ids = new Map<string, number>();
  for (const p of demoProviders) {
    const [row] = await db
      .insert(providers)
      .values({
        ...(p.id !== undefined ? { providerId: p.id } : {}),
        name: p.name,
        detailedName: p.name,
        providerTypeId: p.type,
        packageId: p.pkg,
        parentProviderId: p.parent ? ids.get(p.parent) : null,
        email: `${p.key}-office@example.com`,
        mobile: `90000000${String(ids.size).padStart(2, '0')}`,
        address: 'Demo address, India',
        validFrom: p.from,
        validTo: p.to,
        providerKey: `demo-${p.key}`,
      })
      .returning({ id: providers.providerId });
    ids.set(p.key, row.id);
  }
  for (const p of demoProviders) {
    for (const c of p.curators ?? []) {
      await db
        .insert(providerContentCurators)
        .values({ providerId: ids.get(p.key)!, contentProviderId: ids.get(c)! });
    }
  }
  const demoUsers: DemoUser[] = [
    {
      email: 'owner@example.com',
      first: 'Platform',
      last: 'Owner',
      provider: 'owner',
      type: UserType.Staff,
      roles: [Role.SuperUser],
    },
    {
      email: 'erp@example.com',
      first: 'Esha',
      last: 'Rao',
      provider: 'erp',
      type: UserType.ProviderUser,
      roles: [Role.SuperUser],
    },
    {
      email: 'curator@example.com',
      first: 'Chetan',
      last: 'Kumar',
      provider: 'erp',
      type: UserType.ProviderUser,
      roles: [Role.ContentCurator],
    },
    {
      email: 'readonly@example.com',
      first: 'Ravi',
      last: 'Iyer',
      provider: 'erp',
      type: UserType.ProviderUser,
      roles: [Role.ReadOnly],
    },
    {
      email: 'partner@example.com',
      first: 'Priya',
      last: 'Nair',
      provider: 'partner',
      type: UserType.ProviderUser,
      roles: [Role.ContentPublisher],
    },
    {
      email: 'subscriber@example.com',
      first: 'Sunil',
      last: 'Mehta',
      provider: 'subscriber',
      type: UserType.ProviderUser,
      roles: [Role.Administrator],
    },
    {
      email: 'aggregator@example.com',
      first: 'Anita',
      last: 'Gupta',
      provider: 'aggregator',
      type: UserType.ProviderUser,
      roles: [Role.Aggregator],
    },
    {
      email: 'quick@example.com',
      first: 'Qadir',
      last: 'Khan',
      provider: 'quick',
      type: UserType.ProviderUser,
      roles: [Role.SuperUserSimplifiedTest],
    },
    {
      email: 'trial@example.com',
      first: 'Tara',
      last: 'Singh',
      provider: 'trial',
      type: UserType.ProviderUser,
      roles: [Role.TrialAdministrator],
    },
    {
      email: 'expired@example.com',
      first: 'Eknath',
      last: 'Patil',
      provider: 'expired',
      type: UserType.ProviderUser,
      roles: [Role.SuperUser],
    },
    {
      email: 'trialover@example.com',
      first: 'Tanvi',
      last: 'Joshi',
      provider: 'trialover',
      type: UserType.ProviderUser,
      roles: [Role.TrialAdministrator],
    },
    {
      email: 'predictor@example.com',
      first: 'Pranav',
      last: 'Das',
      provider: 'predictor',
      type: UserType.ProviderUser,
      roles: [Role.Administrator],
    },
    {
      email: 'student@example.com',
      first: 'Sneha',
      last: 'Verma',
      provider: 'erp',
      type: UserType.Student,
      roles: [],
    },
  ];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let n = 0;
  for (const u of demoUsers) {
    const [row] = await db
      .insert(users)
      .values({
        providerId: ids.get(u.provider)!,
        userTypeId: u.type,
        userName: u.email,
        email: u.email,
        passwordHash,
        firstName: u.first,
        lastName: u.last,
        fullName: `${u.first} ${u.last}`,
        mobile: `98765${String(43210 + n++).padStart(5, '0')}`,
      })
      .returning({ id: users.userId });
    for (const [i, roleId] of u.roles.entries()) {
      await db.insert(userRoles).values({ userId: row.id, roleId, sequence: i });
    }
  }
  await db
    .insert(settings)
    .values([
      { key: 'defaultContentProviderId', value: ids.get('partner')! },
      { key: 'subscriptionTypeOwnerProviderId', value: ids.get('predictor')! },
      { key: 'supportContact', value: 'support@example.com' },
    ])
    .onConflictDoNothing();
  return ids;
}
