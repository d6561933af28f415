import { z } from 'zod';
import { endpointGroup, messageSchema } from '../common';
import { pictureSavedSchema } from './picture';
import {
  activationBodySchema,
  cloneBodySchema,
  cloneResultSchema,
  courseOptionListSchema,
  emailLookupQuerySchema,
  emailLookupSchema,
  existsSchema,
  mobileCheckQuerySchema,
  rejectBodySchema,
  studentDetailSchema,
  studentIdParamSchema,
  studentListQuerySchema,
  studentListSchema,
  studentLookupsSchema,
  studentRegistrationSchema,
  studentSavedSchema,
} from './schemas';

const view = { privilege: ['Student', 'ViewStudent'] } as const;
const add = { privilege: ['Student', 'AddStudent'] } as const;
const update = { privilege: ['Student', 'UpdateStudent'] } as const;
const addOrUpdate = {
  privilege: [
    ['Student', 'AddStudent'],
    ['Student', 'UpdateStudent'],
  ],
} as const;

/** Students (part 1 §7 "Students"). Export and import are the student-import area's endpoints. */
export const studentEndpoints = endpointGroup('students', {
  list: {
    method: 'GET',
    path: '/api/students',
    summary: "One page of the caller's students: status '1' active, '2' pending, with totalCount",
    access: view,
    query: studentListQuerySchema,
    response: studentListSchema,
  },
  lookups: {
    method: 'GET',
    path: '/api/students/lookups',
    summary:
      'Lists the student form and grid use: state, city, language, board, class, profession, education, interests',
    access: view,
    response: studentLookupsSchema,
  },
  courses: {
    method: 'GET',
    path: '/api/students/courses',
    summary: "Test series offered for assignment: the caller's, active, status >= 2, not expired",
    access: view,
    response: courseOptionListSchema,
  },
  byEmail: {
    method: 'GET',
    path: '/api/students/by-email',
    summary: "E-mail lookup of the add form (details only for a student within the caller's reach)",
    access: add,
    query: emailLookupQuerySchema,
    response: emailLookupSchema,
  },
  mobileExists: {
    method: 'GET',
    path: '/api/students/mobile-exists',
    summary: 'Whether another user holds the mobile number',
    access: addOrUpdate,
    query: mobileCheckQuerySchema,
    response: existsSchema,
  },
  detail: {
    method: 'GET',
    path: '/api/students/:userId',
    summary: 'One student of the caller (the form in update mode); never the password',
    access: view,
    params: studentIdParamSchema,
    response: studentDetailSchema,
  },
  register: {
    method: 'POST',
    path: '/api/students',
    summary: 'Register a student (user type 4, user name = e-mail) within the licence student count',
    access: add,
    body: studentRegistrationSchema,
    response: studentSavedSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/students/:userId',
    summary: 'Update a student of the caller (an empty password keeps the stored one)',
    access: update,
    params: studentIdParamSchema,
    body: studentRegistrationSchema,
    response: studentSavedSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/api/students/:userId',
    summary: 'Delete a student of the caller',
    access: update,
    params: studentIdParamSchema,
    response: messageSchema,
  },
  activate: {
    method: 'POST',
    path: '/api/students/activate',
    summary: 'Accept pending students and assign them test series, in one transaction',
    access: update,
    body: activationBodySchema,
    response: messageSchema,
  },
  reject: {
    method: 'POST',
    path: '/api/students/reject',
    summary: 'Reject (delete) pending students',
    access: update,
    body: rejectBodySchema,
    response: messageSchema,
  },
  clone: {
    method: 'POST',
    path: '/api/students/clone',
    summary: "Copy the chosen student's test data to each selected student, in one transaction",
    access: add,
    body: cloneBodySchema,
    response: cloneResultSchema,
  },
});

/** A student's profile picture (part 1 §5 "Profile picture upload"). */
export const pictureEndpoints = endpointGroup('students', {
  upload: {
    method: 'PUT',
    path: '/api/students/:userId/picture',
    summary: 'Upload a profile picture (multipart "file": JPEG, PNG, GIF or WebP, at most 10 MB)',
    access: update,
    params: studentIdParamSchema,
    multipart: true,
    response: pictureSavedSchema,
  },
  get: {
    method: 'GET',
    path: '/api/students/:userId/picture',
    summary: "The student's profile picture (image/jpeg)",
    access: view,
    params: studentIdParamSchema,
    download: 'image/jpeg',
    response: z.unknown(),
  },
  remove: {
    method: 'DELETE',
    path: '/api/students/:userId/picture',
    summary: "Remove the student's profile picture",
    access: update,
    params: studentIdParamSchema,
    response: messageSchema,
  },
});
