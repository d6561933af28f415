import type { LicenceLimits } from '@assess/contracts/access';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { audit, flag, identity, link, tz } from './columns';

export const licencePackages = pgTable('licence_packages', {
  packageId: integer('package_id').primaryKey(),
  name: text('name').notNull(),
  limits: jsonb('limits').$type<LicenceLimits>().notNull(),
});

export const providers = pgTable(
  'providers',
  {
    providerId: integer('provider_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    name: text('name').notNull(),
    detailedName: text('detailed_name'),
    providerTypeId: integer('provider_type_id').notNull(),
    packageId: link('package_id', () => licencePackages.packageId),
    parentProviderId: integer('parent_provider_id'),
    providerKey: text('provider_key'),
    logo: text('logo'),
    website: text('website'),
    providerUrl: text('provider_url'),
    address: text('address'),
    mobile: text('mobile'),
    phone: text('phone'),
    email: text('email'),
    gstInPercentage: numeric('gst_in_percentage'),
    gstNumber: text('gst_number'),
    isActive: flag('is_active', true),
    validFrom: tz('valid_from'),
    validTo: tz('valid_to'),
    /** The admin user the provider wizard created (migration 0003; users.user_id, set null on delete). */
    adminUserId: integer('admin_user_id').references((): AnyPgColumn => users.userId, {
      onDelete: 'set null',
    }),
    ...audit,
  },
  (t) => [
    index('providers_parent_idx').on(t.parentProviderId),
    uniqueIndex('providers_key_uq').on(t.providerKey),
    // Part 3 §5: provider name, e-mail and mobile are unique (trial providers are named after their
    // registrant, so their names are left out; the wizard checks those too).
    uniqueIndex('providers_email_uq').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('providers_mobile_uq').on(t.mobile).where(sql`${t.mobile} is not null`),
    uniqueIndex('providers_name_uq').on(sql`lower(${t.name})`).where(sql`${t.packageId} <> 4`),
  ],
);

/** Content curator links: the providers whose content a provider may use ("Subscribed" content). */
export const providerContentCurators = pgTable(
  'provider_content_curators',
  {
    providerId: link('provider_id', () => providers.providerId, 'cascade'),
    contentProviderId: link('content_provider_id', () => providers.providerId, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.contentProviderId] })],
);

/** The provider a row belongs to (provider_id, required): the first column of most of the product's tables. */
export function ownerProvider() {
  return link('provider_id', () => providers.providerId);
}

export const users = pgTable(
  'users',
  {
    userId: identity('user_id'),
    providerId: ownerProvider(),
    userTypeId: integer('user_type_id').notNull(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    email: text('email'),
    mobile: text('mobile'),
    address: text('address'),
    isActive: flag('is_active', true),
    topics: text('topics'),
    ...audit,
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('users_mobile_uq').on(t.mobile).where(sql`${t.mobile} is not null`),
    index('users_provider_type_idx').on(t.providerId, t.userTypeId, t.isActive),
    // Students grid: one page of a provider's active or pending students, newest first, read backwards in
    // index order (ascending user_id: "DESC NULLS LAST" would not match ORDER BY user_id DESC and forces a sort).
    index('users_students_grid_idx').on(t.providerId, t.userTypeId, t.isActive, t.userId),
  ],
);

export const roles = pgTable('roles', {
  roleId: integer('role_id').primaryKey(),
  name: text('name').notNull(),
});

/** Roles allowed per provider type (the static table of the spec). */
export const providerTypeRoles = pgTable(
  'provider_type_roles',
  {
    providerTypeId: integer('provider_type_id').notNull(),
    roleId: link('role_id', () => roles.roleId),
  },
  (t) => [primaryKey({ columns: [t.providerTypeId, t.roleId] })],
);

export const privileges = pgTable(
  'privileges',
  {
    privilegeId: identity('privilege_id'),
    area: text('area').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('privileges_area_name_uq').on(t.area, t.name)],
);

/**
 * Role–privilege links per provider type; `platformOwnerOnly` rows apply only to the platform owner's
 * users (provider id 0), who administer providers and coupons.
 */
export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: link('role_id', () => roles.roleId),
    providerTypeId: integer('provider_type_id').notNull(),
    privilegeId: link('privilege_id', () => privileges.privilegeId),
    platformOwnerOnly: flag('platform_owner_only'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.providerTypeId, t.privilegeId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: link('user_id', () => users.userId, 'cascade'),
    roleId: link('role_id', () => roles.roleId),
    sequence: integer('sequence').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionId: text('session_id').primaryKey(), // sha-256 of the cookie token
    userId: link('user_id', () => users.userId, 'cascade'),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    expiresAt: tz('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Fixed-window counters for rate limits shared by every server process (sign-in, OTP, forgot password). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tz('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Small platform settings (support contact, VAPID keys, subscription-type owner, ...). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedDate: tz('updated_date').notNull().defaultNow(),
});
