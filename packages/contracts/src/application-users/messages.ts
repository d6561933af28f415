import { licenceMessages } from '../access/licences';
import { accountsMessages } from '../auth/accounts';
import { passwordPolicyMessage } from '../auth/password';

/**
 * Application user messages (part 3 §2, §5 "Application user form", §8 "Application users"). The spec's
 * are word for word; the ones marked "ours" cover rules the spec does not show (docs/FEATURES.md).
 */
export const applicationUserMessages = {
  created: 'User created Successfully',
  creationFailed: 'User creation failed',
  updated: 'User updated Successfully',
  updateFailed: 'User update failed',
  deleted: 'User Deleted successfully',
  deleteConfirm: 'Are you sure you want to delete the user?',
  userNameExists: 'User Name Exists',
  selectRole: 'Please select the role.',
  completeRequired: 'Please complete the required fields.',
  passwordPolicy: passwordPolicyMessage,
  licence: licenceMessages.ApplicationUsers,
  emailExists: accountsMessages.emailExists,
  mobileExists: accountsMessages.mobileExists,
  invalidEmail: accountsMessages.invalidEmail,
  mobileDigits: accountsMessages.mobileDigits,
  // Ours.
  firstNameMin: 'First name must be at least 3 characters.',
  lastNameMin: 'Last name must be at least 3 characters.',
  userNameEmail: 'User name must be an email address.',
  roleNotAllowed: 'This role is not available for your provider type.',
  notFound: 'User not found.',
  deleteFailed: 'User delete failed',
  cannotDeleteSelf: 'You cannot delete your own user.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  lastAdminDelete: 'The last Super User / Administrator of the provider cannot be deleted.',
  lastAdminDemote: 'The last Super User / Administrator of the provider must keep an administering role.',
  noViewPrivilege: 'You do not have permission to view the application users.',
} as const;
