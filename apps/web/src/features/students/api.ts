import { endpointPath, endpointQuery } from '@assess/contracts/common';
import { CONFIGURATION_CACHE_MS } from '@assess/contracts/configuration';
import {
  type ActivationBody,
  type CloneBody,
  pictureEndpoints,
  type RejectBody,
  type StudentRegistration,
  type StudentStatusValue,
  studentEndpoints,
} from '@assess/contracts/students';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useListQuery, useRefreshingWrite } from '../../lib/queries';

export { useConfigurationLists as useStudentLookups } from '../configuration/api';

/** Query keys of the students area. */
export const studentKeys = {
  all: ['students'] as const,
  list: (status: StudentStatusValue, page: number, pageSize: number) =>
    ['students', 'list', status, page, pageSize] as const,
  detail: (userId: number) => ['students', 'detail', userId] as const,
  courses: ['students', 'courses'] as const,
  /**
   * The form's live checks sit outside `all`: a save refreshes the lists, and must not re-ask the checks while
   * the saved form waits to close (the e-mail lookup would then find the new student "already registered").
   */
  emailLookup: (email: string) => ['student-checks', 'by-email', email] as const,
  mobileCheck: (mobile: string, userId: number | null) =>
    ['student-checks', 'mobile', mobile, userId] as const,
};

export function useStudentList(status: StudentStatusValue, page: number, pageSize: number) {
  return useListQuery(studentKeys.list(status, page, pageSize), () =>
    call(studentEndpoints.list, { query: { pageNumber: page, pageSize, status } }),
  );
}

/** Test series offered for assignment (active, status >= 2, not expired); cached like the lookups. */
export function useAssignableCourses() {
  return useQuery({
    queryKey: studentKeys.courses,
    queryFn: () => call(studentEndpoints.courses),
    staleTime: CONFIGURATION_CACHE_MS,
  });
}

export function useStudentDetail(userId: number | null) {
  return useQuery({
    queryKey: studentKeys.detail(userId ?? 0),
    queryFn: () => call(studentEndpoints.detail, { params: { userId: userId ?? 0 } }),
    enabled: userId !== null,
  });
}

/** The add form's e-mail lookup of a (settled, valid) e-mail; `enabled` false leaves it idle. */
export function useEmailLookup(email: string, enabled: boolean) {
  return useQuery({
    queryKey: studentKeys.emailLookup(email),
    queryFn: () => call(studentEndpoints.byEmail, { query: { email } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Whether another user holds a (settled, valid) mobile number; `enabled` false leaves it idle. */
export function useMobileCheck(mobile: string, userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: studentKeys.mobileCheck(mobile, userId),
    queryFn: () => call(studentEndpoints.mobileExists, { query: { mobile, userId: userId ?? undefined } }),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Every write of the area refreshes the lists. */
const useStudentMutation = <B, R>(fn: (body: B) => Promise<R>) => useRefreshingWrite(fn, [studentKeys.all]);

export const useSaveStudent = (userId: number | null) =>
  useStudentMutation((body: StudentRegistration) =>
    userId
      ? call(studentEndpoints.update, { params: { userId }, body })
      : call(studentEndpoints.register, { body }),
  );
export const useActivateStudents = () =>
  useStudentMutation((body: ActivationBody) => call(studentEndpoints.activate, { body }));
export const useRejectStudents = () =>
  useStudentMutation((body: RejectBody) => call(studentEndpoints.reject, { body }));
export const useCloneTestData = () =>
  useStudentMutation((body: CloneBody) => call(studentEndpoints.clone, { body }));

/** The picture's address (an <img> reads it); `version` makes the browser fetch a replaced picture. */
export const pictureUrl = (userId: number, version: number) =>
  endpointPath(pictureEndpoints.get.path, { userId }) + endpointQuery({ v: version });

/** Uploads (a File) or removes (null) a student's profile picture. */
export function useSetPicture(userId: number) {
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return call(pictureEndpoints.remove, { params: { userId } });
      const body = new FormData();
      body.append('file', file);
      return call(pictureEndpoints.upload, { params: { userId }, body });
    },
  });
}
