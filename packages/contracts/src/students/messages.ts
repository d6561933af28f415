import { licenceMessages } from '../access/licences';
import { confirmPasswordMessage, passwordPolicyMessage } from '../auth/password';

/**
 * Every message of the students area, word for word from spec part 1 §5 "Student form", "Clone and
 * approve", "Student add licence limit" and §8 "Student", "Accept and reject", "Clone", "Limits".
 * Entries marked "ours" are not given by the spec (listed in docs/FEATURES.md).
 */
export const studentMessages = {
  fullNameInvalid: 'Please Enter Full Name And Only Charecter!.',
  fullNameRequired: 'Please Enter Full Name.',
  emailInvalid: 'Please enter a valid email address.',
  emailExists: 'This Email Address Already Exist!.',
  emailIdExists: 'This Email Id Aleady Exist.',
  mobileInvalid: 'Please enter a 10-digit mobile mumber.',
  mobileExists: 'This Mobile No. Already Exist!.',
  genderRequired: 'Please select the gender.',
  dobFuture: 'The future date is not valid.Please enter a valid date.',
  /** ours: the spec says dob is required but gives no text */
  dobRequired: 'Please enter the date of birth.',
  passwordPolicy: passwordPolicyMessage,
  confirmMismatch: confirmPasswordMessage,
  confirmMismatchAlt: 'Please Cheack Password And Confirm Password.',
  /** ours: parent and sibling names are letters only; the spec gives no text */
  lettersOnly: 'Please enter letters and spaces only.',
  parentMobileInvalid: 'Please Enter 10 Digits Mobile No.',
  parentEmailInvalid: 'Please Enter Valid Email Address.',
  /** ours: language is mandatory (submit disabled without it) */
  languageRequired: 'Please select the language.',
  mandatory: 'Please fill Mandatory fields!.',
  registered: 'Student registered successfully',
  updated: 'User updated Successfully',
  updateFailed: 'User update failed',
  creationFailed: 'User creation failed',
  registrationError: 'Please fill all imformation...',
  notFound: 'Not Found',
  deleted: 'User Deleted successfully',
  /** ours: the confirmation of the e-mail lookup ("already registered") */
  alreadyRegistered: 'This student is already registered. Their details have been filled in.',
  /** ours: a filled pin code has 6 digits */
  pinCodeInvalid: 'Please enter a 6-digit pin code.',
  atMostOneSibling: 'At most one sibling may be added.',
  // accept and reject
  selectStudents: 'Please select students',
  confirmBulk: 'Are you sure to accept/reject selected students',
  assignQuestion: 'Do you want to assign test series ?',
  assignAccept: 'Assign & Accept',
  rejectDelete: 'Reject & Delete',
  activated: 'Student(s) activated successfully',
  rejected: 'Student(s) deleted successfully',
  /** ours: reject deletes pending students only */
  onlyPendingReject: 'Only pending students can be rejected.',
  /** ours: accept activates pending students only */
  onlyPendingAccept: 'Only pending students can be accepted.',
  /** ours: a chosen test series that is not offered for assignment */
  courseNotAssignable: 'The selected test series is not available for assignment.',
  // clone
  cloneSuccess: 'Data Clone successfully.',
  cloneError: 'Error cloning data.',
  cloneSameUser: 'Cannot clone the same user.',
  // limits
  licenceLimit: licenceMessages.Students,
  // grid
  noneName: 'none',
} as const;
