/**
 * The series is passed to /courseTestViewer in the query (?courseId=), so a reload or a shared link keeps it;
 * the spec passes it in navigation state, which is read as well.
 */
export const seriesTestsPath = (courseId: number) => `/courseTestViewer?courseId=${courseId}`;

/** The series id from the query, else from navigation state; null when neither holds a positive integer. */
export function seriesIdOf(search: URLSearchParams, state: unknown): number | null {
  const fromState =
    typeof state === 'object' && state !== null && 'courseId' in state ? String(state.courseId) : null;
  const raw = search.get('courseId') ?? fromState;
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
