/** Provider types (spec README "Words"). */
export const ProviderType = {
  ERP: 1,
  ContentPartner: 2,
  Subscriber: 3,
  SimplifiedTest: 4,
  Aggregator: 5,
} as const;
export type ProviderTypeId = (typeof ProviderType)[keyof typeof ProviderType];
export const providerTypeNames: Record<ProviderTypeId, string> = {
  1: 'ERP',
  2: 'Content Partner',
  3: 'Subscriber',
  4: 'Simplified Test',
  5: 'Aggregator',
};

/** Licence packages. */
export const Package = { Silver: 1, Gold: 2, Platinum: 3, Trial: 4, CollegePredictor: 5 } as const;
export type PackageId = (typeof Package)[keyof typeof Package];
export const packageNames: Record<PackageId, string> = {
  1: 'Silver',
  2: 'Gold',
  3: 'Platinum',
  4: 'Trial',
  5: 'CollegePredictor',
};

/** User types: 1 and 2 staff (admin menu), 4 student (learner menu), 6 a separate menu (not described). */
export const UserType = { Staff: 1, ProviderUser: 2, Student: 4, Other: 6 } as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];
export const isStaffUserType = (t: number) => t === UserType.Staff || t === UserType.ProviderUser;

/** The platform owner's provider id. */
export const PLATFORM_OWNER_PROVIDER_ID = 0;
