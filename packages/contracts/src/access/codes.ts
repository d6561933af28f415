import { codeTable } from '../common/codes';

/** Provider types (spec README "Words"). */
const providerTypes = codeTable({
  ERP: [1, 'ERP'],
  ContentPartner: [2, 'Content Partner'],
  Subscriber: [3, 'Subscriber'],
  SimplifiedTest: [4, 'Simplified Test'],
  Aggregator: [5, 'Aggregator'],
});
export const ProviderType = providerTypes.codes;
export type ProviderTypeId = (typeof ProviderType)[keyof typeof ProviderType];
export const providerTypeNames = providerTypes.names;

/** Licence packages. */
const packages = codeTable({
  Silver: [1, 'Silver'],
  Gold: [2, 'Gold'],
  Platinum: [3, 'Platinum'],
  Trial: [4, 'Trial'],
  CollegePredictor: [5, 'CollegePredictor'],
});
export const Package = packages.codes;
export type PackageId = (typeof Package)[keyof typeof Package];
export const packageNames = packages.names;

/** User types: 1 and 2 staff (admin menu), 4 student (learner menu), 6 a separate menu (not described). */
export const UserType = { Staff: 1, ProviderUser: 2, Student: 4, Other: 6 } as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];
export const isStaffUserType = (t: number) => t === UserType.Staff || t === UserType.ProviderUser;

/** The platform owner's provider id. */
export const PLATFORM_OWNER_PROVIDER_ID = 0;
