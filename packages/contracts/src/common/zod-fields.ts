/** One zod issue, as both zod 4 and the Fastify validation error carry it. */
export type FieldIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * Zod issues as the API's `fields` map (`{ 'studentInfo.email': ['Please enter a valid email address.'] }`),
 * `_` for issues of the whole value. The one place that turns issues into field messages.
 */
export function issuesToFields(issues: readonly FieldIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return fields;
}

/** The distinct messages of a list of issues, in order (forms join them into one toast). */
export const issueMessages = (issues: readonly FieldIssue[]): string[] => [
  ...new Set(issues.map((i) => i.message)),
];
