import { z } from 'zod';
import { endpointGroup, messageSchema } from '../common';
import {
  applicationUserDetailSchema,
  applicationUserIdParamSchema,
  applicationUserListQuerySchema,
  applicationUserListSchema,
  applicationUserSavedSchema,
  createApplicationUserSchema,
  roleOptionSchema,
  updateApplicationUserSchema,
  userNameExistsQuerySchema,
  userNameExistsSchema,
} from './schemas';

const view = { privilege: ['User', 'ViewUser'] } as const;
const addOrUpdate = {
  privilege: [
    ['User', 'AddUser'],
    ['User', 'UpdateUser'],
  ],
} as const;

/** Application users (part 3 §7 "Application users"): staff of the caller's provider, never students. */
export const applicationUserEndpoints = endpointGroup('application-users', {
  list: {
    method: 'GET',
    path: '/api/application-users',
    summary: "One page of the caller's provider's staff users (students never listed), newest first",
    access: view,
    query: applicationUserListQuerySchema,
    response: applicationUserListSchema,
  },
  roles: {
    method: 'GET',
    path: '/api/application-users/roles',
    summary: "Roles the caller's provider type allows",
    access: { privilege: [['User', 'ViewUser'], ...addOrUpdate.privilege] },
    response: z.array(roleOptionSchema),
  },
  userNameExists: {
    method: 'GET',
    path: '/api/application-users/user-name-exists',
    summary: 'Whether another user already has the user name (the live check of the dialog)',
    access: addOrUpdate,
    query: userNameExistsQuerySchema,
    response: userNameExistsSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/application-users/:userId',
    summary: "One staff user of the caller's provider (no password)",
    access: view,
    params: applicationUserIdParamSchema,
    response: applicationUserDetailSchema,
  },
  create: {
    method: 'POST',
    path: '/api/application-users',
    summary: 'Creates a staff user with a role of the provider type, within the ApplicationUsers licence',
    access: { privilege: ['User', 'AddUser'] },
    body: createApplicationUserSchema,
    response: applicationUserSavedSchema,
    status: 201,
  },
  update: {
    method: 'PUT',
    path: '/api/application-users/:userId',
    summary: 'Updates a staff user; an empty password keeps the current one',
    access: { privilege: ['User', 'UpdateUser'] },
    params: applicationUserIdParamSchema,
    body: updateApplicationUserSchema,
    response: applicationUserSavedSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/application-users/:userId',
    summary: "Deletes (closes) a staff user and ends the user's sessions",
    access: { privilege: ['User', 'CloseUser'] },
    params: applicationUserIdParamSchema,
    response: messageSchema,
  },
});
