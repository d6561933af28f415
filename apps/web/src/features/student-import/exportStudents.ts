/** The URL of StudentList.xlsx for the grid's current filter (issue 5); the browser downloads it. */
export function exportStudentsUrl(filter: { status?: string }) {
  const q = new URLSearchParams();
  if (filter.status) q.set('status', filter.status);
  return `/api/students/export?${q}`;
}
