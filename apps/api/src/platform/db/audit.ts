/** The audit columns of a new row (schema/columns `audit`): created and last updated by `by` (null: the system) at `at`. */
export const newRowAudit = (by: number | null, at: Date) => ({
  createdBy: by,
  createdDate: at,
  updatedBy: by,
  updatedDate: at,
});
