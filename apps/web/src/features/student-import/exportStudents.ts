import { endpointQuery } from '@assess/contracts/common';
import { studentImportEndpoints } from '@assess/contracts/student-import';

/** The address of StudentList.xlsx for the grid's current filter (issue 5): a link the browser downloads. */
export const exportStudentsUrl = (filter: { status?: string }) =>
  studentImportEndpoints.export.path + endpointQuery(filter);
