import { codeTable } from '../common/codes';
import { ProviderType, type ProviderTypeId } from './codes';
import { type PrivilegeArea, privilegeAreas, privilegeCatalogue } from './privileges';

/** Roles (spec part 1 §3, part 3 §5). Simplified Assessment's colliding ids use the same-named roles' ids. */
const roles = codeTable({
  SuperUser: [1, 'Super User'],
  ContentCurator: [2, 'Content Curator'],
  Administrator: [3, 'Administrator'],
  SuperUserSimplifiedTest: [4, 'Super User (Simplified Test)'],
  ContentPublisher: [5, 'Content Publisher'],
  Aggregator: [7, 'Aggregator'],
  ReadOnly: [8, 'Read Only'],
  TrialAdministrator: [11, 'Trial Administrator'],
});
export const Role = roles.codes;
export type RoleId = (typeof Role)[keyof typeof Role];

export const roleNames = roles.names;

/** Roles allowed per provider type (the static table of part 1 §3 / part 3 §5). */
export const rolesByProviderType: Record<ProviderTypeId, RoleId[]> = {
  [ProviderType.ERP]: [Role.SuperUser, Role.ContentCurator, Role.Administrator, Role.ReadOnly],
  [ProviderType.ContentPartner]: [Role.ContentPublisher, Role.ContentCurator, Role.ReadOnly],
  [ProviderType.Subscriber]: [Role.Administrator, Role.ReadOnly],
  [ProviderType.Aggregator]: [Role.Aggregator, Role.Administrator],
  [ProviderType.SimplifiedTest]: [Role.SuperUserSimplifiedTest, Role.Administrator, Role.ReadOnly],
};

/** Areas each provider type works in; a Super User holds all of them. */
export const areasByProviderType: Record<ProviderTypeId, PrivilegeArea[]> = {
  [ProviderType.ERP]: [
    'Provider',
    'User',
    'SystemConfiguration',
    'Student',
    'Message',
    'Question',
    'CategoryTopic',
    'TaskManager',
    'Test',
    'TestSeries',
    'OMR',
    'Coupon',
  ],
  [ProviderType.ContentPartner]: [
    'Provider',
    'User',
    'SystemConfiguration',
    'Question',
    'CategoryTopic',
    'TaskManager',
    'Test',
    'TestSeries',
  ],
  [ProviderType.Subscriber]: [
    'Provider',
    'User',
    'SystemConfiguration',
    'Student',
    'Message',
    'Question',
    'TaskManager',
    'Test',
    'TestSeries',
  ],
  [ProviderType.SimplifiedTest]: [
    'Provider',
    'User',
    'SystemConfiguration',
    'Student',
    'Message',
    'Question',
    'CategoryTopic',
    'TaskManager',
    'SimplifiedTest',
    'OMR',
  ],
  [ProviderType.Aggregator]: ['Provider', 'User', 'Student', 'TestSeries', 'Licence'],
};

const all = (area: PrivilegeArea): string[] => [...privilegeCatalogue[area]];
const only = (area: PrivilegeArea, names: string[]) => all(area).filter((n) => names.includes(n));
const views: Partial<Record<PrivilegeArea, string[]>> = {
  Provider: ['ViewProvider', 'HideUpdateProfile'],
  User: ['ViewUser'],
  SystemConfiguration: ['ViewSystemConfiguration'],
  Student: ['ViewStudent'],
  Message: ['ViewMessage'],
  Question: ['ViewQuestion', 'PreviewQuestion'],
  CategoryTopic: ['PreviewQuestion'],
  TaskManager: ['ViewTask'],
  Test: ['ViewTest', 'PreviewTest'],
  TestSeries: ['ViewTestSeries', 'PreviewTestSeries'],
  SimplifiedTest: ['ViewSimplifiedTest', 'PreviewSimplifiedTest'],
  Licence: ['ViewLicence'],
  Coupon: ['ViewCoupon'],
};
const withoutHides = (area: PrivilegeArea) =>
  all(area).filter((n) => n !== 'HideUpdateProfile' && n !== 'HideChangePassword' && n !== 'PlayCourse');

/**
 * Default privileges of a role under a provider type: the seed writes these into role_privileges.
 * Super User: every privilege of the type's areas. Read Only: only the viewing ones, and the profile
 * update hidden. Provider-administration privileges (Add/Active-Inactive provider, coupons) belong to the
 * platform owner's Super User and to aggregators only.
 */
export function defaultPrivileges(roleId: RoleId, providerType: ProviderTypeId, isPlatformOwner = false) {
  const areas = areasByProviderType[providerType];
  const grant: Partial<Record<PrivilegeArea, string[]>> = {};
  const set = (area: PrivilegeArea, names: string[]) => {
    if (areas.includes(area) && names.length) grant[area] = names;
  };
  const adminProvider = isPlatformOwner || providerType === ProviderType.Aggregator;
  for (const area of privilegeAreas) {
    switch (roleId) {
      case Role.SuperUser:
      case Role.SuperUserSimplifiedTest:
        if (area === 'Provider') set(area, adminProvider ? withoutHides(area) : []);
        else if (area === 'Coupon') set(area, isPlatformOwner ? all(area) : []);
        else set(area, withoutHides(area));
        break;
      case Role.Administrator:
      case Role.TrialAdministrator:
        if (area === 'Provider' || area === 'Coupon') break;
        if (area === 'Licence') set(area, providerType === ProviderType.Aggregator ? all(area) : []);
        else set(area, withoutHides(area));
        break;
      case Role.ContentCurator:
      case Role.ContentPublisher:
        if (['Question', 'CategoryTopic', 'TaskManager', 'Test', 'TestSeries'].includes(area)) {
          set(
            area,
            roleId === Role.ContentCurator
              ? withoutHides(area).filter((n) => !n.startsWith('Publish'))
              : withoutHides(area),
          );
        } else if (area === 'Student') set(area, only(area, ['ViewStudent']));
        else if (area === 'User' && roleId === Role.ContentPublisher) set(area, withoutHides(area));
        break;
      case Role.Aggregator:
        if (area === 'Provider') set(area, withoutHides(area));
        else if (area === 'Coupon') break;
        else set(area, withoutHides(area));
        break;
      case Role.ReadOnly:
        set(area, views[area] ?? []);
        break;
    }
  }
  return grant;
}
