// A demo sign-in's session for component tests: its role's default privileges under its provider type, as the
// seed writes them (used by the admin layout's menu tests and the dashboard's cards per role).
import {
  defaultPrivileges,
  type PackageId,
  type ProviderTypeId,
  type RoleId,
  UserType,
} from '@assess/contracts/access';
import type { Session } from '@assess/contracts/auth';
import { staffSession } from './session';

export function roleSession(
  roleId: RoleId,
  providerTypeId: ProviderTypeId,
  providerId = 7,
  packageId: PackageId = 3,
): Session {
  return staffSession({
    userDetails: { providerId, providerTypeId, userTypeId: providerId === 0 ? UserType.Staff : 2 },
    privilegeObject: {
      packageId,
      privileges: defaultPrivileges(roleId, providerTypeId, providerId === 0) as Record<string, string[]>,
      roles: [{ id: roleId }],
    },
  });
}
