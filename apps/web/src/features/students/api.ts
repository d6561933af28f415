import type { MessageResult } from '@assess/contracts/common';
import type { ConfigurationLists } from '@assess/contracts/configuration';
import type {
  ActivationBody,
  CloneBody,
  CourseOption,
  EmailLookup,
  RejectBody,
  StudentDetail,
  StudentList,
  StudentRegistration,
  StudentStatusValue,
} from '@assess/contracts/students';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Configuration data is cached for 5 minutes (part 1 §9). */
export const LOOKUP_STALE_MS = 300_000;

/** Query keys of the students area. */
export const studentKeys = {
  all: ['students'] as const,
  list: (status: StudentStatusValue, page: number, pageSize: number) =>
    ['students', 'list', status, page, pageSize] as const,
  detail: (userId: number) => ['students', 'detail', userId] as const,
  courses: ['students', 'courses'] as const,
  /** The configuration area's lists route (GET /api/configuration/lists). */
  lookups: ['configuration', 'lists'] as const,
};

export function useStudentList(status: StudentStatusValue, page: number, pageSize: number) {
  return useQuery({
    queryKey: studentKeys.list(status, page, pageSize),
    queryFn: () =>
      api.get<StudentList>(
        `/students?${new URLSearchParams({ pageNumber: String(page), pageSize: String(pageSize), status })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** State, city, language, board, class, profession, education and interests (cached 5 minutes). */
export function useStudentLookups() {
  return useQuery({
    queryKey: studentKeys.lookups,
    queryFn: () => api.get<ConfigurationLists>('/configuration/lists'),
    staleTime: LOOKUP_STALE_MS,
  });
}

/** Test series offered for assignment (active, status >= 2, not expired). */
export function useAssignableCourses() {
  return useQuery({
    queryKey: studentKeys.courses,
    queryFn: () => api.get<CourseOption[]>('/students/courses'),
    staleTime: LOOKUP_STALE_MS,
  });
}

export function useStudentDetail(userId: number | null) {
  return useQuery({
    queryKey: studentKeys.detail(userId ?? 0),
    queryFn: () => api.get<StudentDetail>(`/students/${userId}`),
    enabled: userId !== null,
  });
}

export const lookupEmail = (email: string) =>
  api.get<EmailLookup>(`/students/by-email?${new URLSearchParams({ email })}`);

export const checkMobile = (mobile: string, userId?: number) =>
  api.get<{ exists: boolean; message: string | null }>(
    `/students/mobile-exists?${new URLSearchParams({ mobile, ...(userId ? { userId: String(userId) } : {}) })}`,
  );

/** Every write of the area refreshes the lists. */
function useStudentMutation<B, R>(fn: (body: B) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: studentKeys.all }),
  });
}

export const useSaveStudent = (userId: number | null) =>
  useStudentMutation((body: StudentRegistration) =>
    userId
      ? api.put<{ userId: number; message: string }>(`/students/${userId}`, body)
      : api.post<{ userId: number; message: string }>('/students', body),
  );
export const useActivateStudents = () =>
  useStudentMutation((body: ActivationBody) => api.post<MessageResult>('/students/activate', body));
export const useRejectStudents = () =>
  useStudentMutation((body: RejectBody) => api.post<MessageResult>('/students/reject', body));
export const useCloneTestData = () =>
  useStudentMutation((body: CloneBody) => api.post<MessageResult>('/students/clone', body));
