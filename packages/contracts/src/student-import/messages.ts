import { licenceMessages } from '../access/licences';
import { studentMessages } from '../students/messages';

/**
 * Messages of the bulk student upload and the export (part 1 §5 "Bulk student upload", §8 "Upload",
 * §8 "Limits"), word for word. Messages marked "ours" are not in the spec (listed in docs/FEATURES.md).
 */
export const studentImportMessages = {
  /** 'Missing {field} for {n} no. student' when the row has no name, else 'Missing {field} for {name}'. */
  missingForNumber: 'Missing {field} for {n} no. student',
  missingForName: 'Missing {field} for {name}',
  andMore: '...and {n} more',
  confirmRest: 'Click OK to import the rest of the students.',
  successTitle: 'Upload Success',
  success: 'File has been uploaded.',
  failedTitle: 'Upload Failed',
  failedDuplicates: 'Failed to upload. Please check file for duplicate username or Mobile number.',
  roleNotFound: 'Role ID not found for the provided providerTypeId',
  licence: licenceMessages.Students,
  // The student form's messages (part 1 §5 "Student form"), used for the sheet's values.
  emailExists: studentMessages.emailExists,
  mobileExists: studentMessages.mobileExists,
  invalidEmail: studentMessages.emailInvalid,
  invalidMobile: studentMessages.mobileInvalid,
  invalidName: studentMessages.fullNameInvalid,
  futureDob: studentMessages.dobFuture,
  passwordPolicy: studentMessages.passwordPolicy,
  passwordMismatch: studentMessages.confirmMismatchAlt,
  // ours
  invalidDob: 'The date of birth is not a valid date.',
  duplicateEmailInFile: 'The same Email appears more than once in the file.',
  duplicateMobileInFile: 'The same Mobile appears more than once in the file.',
  selectFile: 'Please select an .xls or .xlsx file.',
  notSpreadsheet: 'Only .xls and .xlsx files can be imported.',
  tooLarge: 'Please upload a file less than 10 MB.',
  tooManyRows: 'The file has more than {n} students. Please split it into smaller files.',
  noRows: 'The file has no students.',
  corrupt: 'The file could not be read. It may be damaged; please save it again as .xls or .xlsx.',
  passwordProtected: 'The file is password-protected. Please remove the password and upload it again.',
  trial: 'Import is not available on the Trial package.',
  nothingToImport: 'There are no complete students to import.',
  alreadyRun: 'This file has already been imported.',
  imported: '{n} student(s) imported.',
  invalidOption: 'Please select a valid {field}.',
  invalidCourse: 'Please select valid test series.',
  importing: 'Importing students...',
} as const;

/** The field names used in 'Missing {field} ...' (part 1 §5: name, DOB, email, mobile, gender and Passcode). */
export const importFieldLabels = {
  fullName: 'Name',
  dob: 'DOB',
  email: 'Email',
  mobile: 'Mobile',
  gender: 'Gender',
  passCode: 'Passcode',
} as const;
export type ImportField = keyof typeof importFieldLabels;

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
