import { type ProviderTypeId, UserType } from '../access/codes';
import { defaultPrivileges, type RoleId, roleNames } from '../access/roles';

/** First and last name at least 3 characters (part 3 §5). */
export const USER_NAME_PART_MIN = 3;
/** The Add/Update User dialog closes 2 s after 'User created Successfully' (part 3 §8). */
export const USER_FORM_CLOSE_MS = 2000;
/** Staff accounts the dialog creates are provider users (part 3 §6: provider user type is 2). */
export const APPLICATION_USER_TYPE = UserType.ProviderUser;

const allRoles = Object.keys(roleNames).map(Number) as RoleId[];

/**
 * The administering roles of a provider type: the roles that may add users there by default (Super User,
 * Administrator, Super User (Simplified Test), Content Publisher for content partners, Aggregator, Trial
 * Administrator). A provider always keeps at least one user holding one of them.
 */
export function administeringRoles(providerTypeId: number): RoleId[] {
  return allRoles.filter(
    (r) => defaultPrivileges(r, providerTypeId as ProviderTypeId).User?.includes('AddUser') ?? false,
  );
}

export const isAdministeringRole = (providerTypeId: number, roleId: number | null | undefined) =>
  roleId !== null && roleId !== undefined && administeringRoles(providerTypeId).includes(roleId as RoleId);
