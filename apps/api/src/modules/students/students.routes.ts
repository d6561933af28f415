import { errorSchema, messageSchema } from '@assess/contracts/common';
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
} from '@assess/contracts/students';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../platform/access/route-access';
import type { ApprovalService } from './approval.service';
import type { StudentsService } from './students.service';

const tags = ['students'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const view = { access: { privilege: ['Student', 'ViewStudent'] as ['Student', string] } };
const add = { access: { privilege: ['Student', 'AddStudent'] as ['Student', string] } };
const update = { access: { privilege: ['Student', 'UpdateStudent'] as ['Student', string] } };
const addOrUpdate = {
  access: {
    privilege: [
      ['Student', 'AddStudent'],
      ['Student', 'UpdateStudent'],
    ] as ['Student', string][],
  },
};

/** Students (part 1 §7 "Students"), mounted at /api/students. Export and import live in student-import. */
export const studentRoutes =
  (deps: { students: StudentsService; approval: ApprovalService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { students, approval } = deps;

    app.get(
      '',
      {
        config: view,
        schema: {
          tags,
          summary: "One page of the caller's students: status '1' active, '2' pending, with totalCount",
          querystring: studentListQuerySchema,
          response: { 200: studentListSchema, ...errors },
        },
      },
      async (request) => students.list(principalOf(request), request.query),
    );

    app.get(
      '/lookups',
      {
        config: view,
        schema: {
          tags,
          summary:
            'Lists the student form and grid use: state, city, language, board, class, profession, education, interests',
          response: { 200: studentLookupsSchema, ...errors },
        },
      },
      async (request) => students.lookups(principalOf(request)),
    );

    app.get(
      '/courses',
      {
        config: view,
        schema: {
          tags,
          summary: "Test series offered for assignment: the caller's, active, status >= 2, not expired",
          response: { 200: courseOptionListSchema, ...errors },
        },
      },
      async (request) => students.courses(principalOf(request)),
    );

    app.get(
      '/by-email',
      {
        config: add,
        schema: {
          tags,
          summary: "E-mail lookup of the add form (details only for a student within the caller's reach)",
          querystring: emailLookupQuerySchema,
          response: { 200: emailLookupSchema, ...errors },
        },
      },
      async (request) => students.lookupEmail(principalOf(request), request.query.email),
    );

    app.get(
      '/mobile-exists',
      {
        config: addOrUpdate,
        schema: {
          tags,
          summary: 'Whether another user holds the mobile number',
          querystring: mobileCheckQuerySchema,
          response: { 200: existsSchema, ...errors },
        },
      },
      async (request) => students.mobileTaken(request.query.mobile, request.query.userId),
    );

    app.get(
      '/:userId',
      {
        config: view,
        schema: {
          tags,
          summary: 'One student of the caller (the form in update mode); never the password',
          params: studentIdParamSchema,
          response: { 200: studentDetailSchema, ...errors },
        },
      },
      async (request) => students.detail(principalOf(request), request.params.userId),
    );

    app.post(
      '',
      {
        config: add,
        schema: {
          tags,
          summary: 'Register a student (user type 4, user name = e-mail) within the licence student count',
          body: studentRegistrationSchema,
          response: { 200: studentSavedSchema, ...errors },
        },
      },
      async (request) => students.register(principalOf(request), request.body),
    );

    app.put(
      '/:userId',
      {
        config: update,
        schema: {
          tags,
          summary: 'Update a student of the caller (an empty password keeps the stored one)',
          params: studentIdParamSchema,
          body: studentRegistrationSchema,
          response: { 200: studentSavedSchema, ...errors },
        },
      },
      async (request) => students.update(principalOf(request), request.params.userId, request.body),
    );

    app.delete(
      '/:userId',
      {
        config: update,
        schema: {
          tags,
          summary: 'Delete a student of the caller',
          params: studentIdParamSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => students.remove(principalOf(request), request.params.userId),
    );

    app.post(
      '/activate',
      {
        config: update,
        schema: {
          tags,
          summary: 'Accept pending students and assign them test series, in one transaction',
          body: activationBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => approval.activate(principalOf(request), request.body),
    );

    app.post(
      '/reject',
      {
        config: update,
        schema: {
          tags,
          summary: 'Reject (delete) pending students',
          body: rejectBodySchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => approval.reject(principalOf(request), request.body),
    );

    app.post(
      '/clone',
      {
        config: add,
        schema: {
          tags,
          summary: "Copy the chosen student's test data to each selected student, in one transaction",
          body: cloneBodySchema,
          response: { 200: cloneResultSchema, ...errors },
        },
      },
      async (request) => approval.clone(principalOf(request), request.body),
    );
  };
