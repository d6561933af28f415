import type { ConfigurationLists } from '@assess/contracts/configuration';
import type { StudentDetail, StudentFormInput } from '@assess/contracts/students';
import { textsOf } from '../../../lib/formValues';

export const emptySibling = {
  siblingName: '',
  schoolCollege: '',
  mobile: '',
  email: '',
  dob: '',
  education: '',
};

/** An empty form with the values marked isDefault preselected (part 1 §2). */
export function defaultsOf(l: ConfigurationLists | undefined): StudentFormInput {
  const def = (list: { id: number; isDefault: boolean }[] | undefined) =>
    list?.find((v) => v.isDefault)?.id ?? null;
  return {
    studentInfo: {
      fullName: '',
      email: '',
      mobile: '',
      gender: '',
      dob: '',
      passCode: '',
      address: '',
      state: def(l?.state),
      city: def(l?.city),
      pinCode: '',
      fatherName: '',
      fatherMobile: '',
      fatherEmail: '',
      fatherProfession: def(l?.profession),
    },
    educationInfo: {
      language: def(l?.language),
      board: def(l?.educationBoard),
      class: def(l?.class),
      education: def(l?.education),
    },
    interestList: [],
    siblingDetailsList: [],
    confirm: '',
  };
}

/** A stored student as form values (nulls as empty text; the password is never known). */
export function valuesOf(d: StudentDetail): StudentFormInput {
  const s = d.studentInfo;
  return {
    studentInfo: {
      ...textsOf(s, [
        'fullName',
        'email',
        'mobile',
        'gender',
        'dob',
        'address',
        'pinCode',
        'fatherName',
        'fatherMobile',
        'fatherEmail',
      ]),
      passCode: '',
      state: s.state,
      city: s.city,
      fatherProfession: s.fatherProfession,
    },
    educationInfo: d.educationInfo,
    interestList: d.interestList,
    siblingDetailsList: d.siblingDetailsList.map((x) =>
      textsOf(x, ['siblingName', 'schoolCollege', 'mobile', 'email', 'dob', 'education']),
    ),
    confirm: '',
  };
}

/**
 * `next` with the e-mail typed and the education and interests already chosen kept: what the form shows
 * when the e-mail lookup finds (or stops finding) an existing student.
 */
export function keepingChoices(next: StudentFormInput, current: StudentFormInput, email: string) {
  return {
    ...next,
    studentInfo: { ...next.studentInfo, email },
    educationInfo: current.educationInfo,
    interestList: current.interestList,
  };
}
