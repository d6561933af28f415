import { describe, expect, it } from 'vitest';
import { passwordPolicyMessage } from '../auth/password';
import { issuesToFields } from '../common/zod-fields';
import {
  AllocationMode,
  type AllocationRow,
  adminRoleOf,
  adminUserCreateSchema,
  adminUserUpdateSchema,
  canEditSubscriptions,
  isAllocationRowSelectable,
  licenceProvisionMessages as lm,
  providerMessages as m,
  procureCountError,
  providerInfoSchema,
  saveAllocationBodySchema,
  todayAtOffsetOf,
  validityPastIssues,
} from './index';

const info = {
  name: 'Acme Academy',
  detailedName: 'Acme Academy of Sciences',
  address: '12 Main Road, Pune',
  email: 'office@acme.example',
  mobile: '9123456780',
  website: '',
  phone: '',
  packageId: 1,
  providerTypeId: 1,
  contentCuratorIds: [],
  validFrom: '2030-01-01T00:00:00+05:30',
  validTo: '2030-12-31T23:59:59+05:30',
};
const fieldsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : issuesToFields(r.error?.issues ?? []);

describe('Provider Information (step 1)', () => {
  it('accepts a complete ERP provider', () => {
    expect(providerInfoSchema.safeParse(info).success).toBe(true);
  });

  it('gives every §5 message at once', () => {
    const r = providerInfoSchema.safeParse({
      ...info,
      name: 'Ab',
      detailedName: 'x'.repeat(201),
      address: 'A',
      email: 'not-an-email',
      mobile: '12345',
      packageId: null,
      providerTypeId: null,
      validFrom: '',
      validTo: '',
    });
    expect(fieldsOf(r)).toEqual({
      name: [m.nameMin],
      detailedName: [m.detailsMax],
      address: [m.addressMin],
      email: [m.invalidEmail],
      mobile: [m.mobileDigits],
      packageId: [m.packageMandatory],
      providerTypeId: [m.typeMandatory],
      validFrom: [m.validFromMandatory],
      validTo: [m.validToMandatory],
    });
  });

  it('needs content providers for Subscribers and Aggregators, and Platinum for types 4 and 5', () => {
    expect(fieldsOf(providerInfoSchema.safeParse({ ...info, providerTypeId: 3 }))).toEqual({
      contentCuratorIds: [m.contentProvidersMandatory],
    });
    expect(fieldsOf(providerInfoSchema.safeParse({ ...info, providerTypeId: 5, packageId: 2 }))).toEqual({
      contentCuratorIds: [m.contentProvidersMandatory],
      packageId: [m.platinumRequired],
    });
    expect(providerInfoSchema.safeParse({ ...info, providerTypeId: 4, packageId: 3 }).success).toBe(true);
    expect(
      providerInfoSchema.safeParse({ ...info, providerTypeId: 5, packageId: 3, contentCuratorIds: [2] })
        .success,
    ).toBe(true);
  });

  it('Valid To must fall on a later day than Valid From', () => {
    const sameDay = { ...info, validTo: '2030-01-01T23:59:59+05:30' };
    expect(fieldsOf(providerInfoSchema.safeParse(sameDay))).toEqual({ validTo: [m.validToBeforeFrom] });
    const before = { ...info, validTo: '2029-12-31T23:59:59+05:30' };
    expect(fieldsOf(providerInfoSchema.safeParse(before))).toEqual({ validTo: [m.validToBeforeFrom] });
  });

  it('reads today in the zone of the chosen day and keeps unchanged stored days', () => {
    // 20:00 UTC is already the next day in India (+05:30)
    const now = new Date('2030-03-01T20:00:00Z');
    expect(todayAtOffsetOf('2030-03-02T00:00:00+05:30', now)).toBe('2030-03-02');
    expect(todayAtOffsetOf('2030-03-01T00:00:00-05:00', now)).toBe('2030-03-01');
    expect(todayAtOffsetOf('2030-03-01T00:00:00Z', now)).toBe('2030-03-01');
    const v = { validFrom: '2030-03-01T00:00:00+05:30', validTo: '2030-03-05T23:59:59+05:30' };
    expect(validityPastIssues(v, now)).toEqual([{ path: 'validFrom', which: 'from' }]);
    expect(validityPastIssues(v, now, { validFrom: '2030-02-28T18:30:00.000Z', validTo: null })).toEqual([]);
    expect(validityPastIssues({ ...v, validFrom: '2030-03-02T00:00:00+05:30' }, now)).toEqual([]);
  });
});

describe('Provider User Admin (step 2)', () => {
  const user = {
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'asha@acme.example',
    mobile: '9123456781',
    address: '12 Main Road',
    password: 'Strong@123',
    confirmPassword: 'Strong@123',
  };
  it('checks names, password policy and the confirmation', () => {
    expect(adminUserCreateSchema.safeParse(user).success).toBe(true);
    const r = adminUserCreateSchema.safeParse({
      ...user,
      firstName: 'As',
      lastName: 'V',
      password: 'weak',
      confirmPassword: 'other',
    });
    expect(fieldsOf(r)).toEqual({
      firstName: [m.firstNameMin],
      lastName: [m.lastNameMin],
      password: [passwordPolicyMessage],
      confirmPassword: ['The confirmed password does not match the original.'],
    });
  });
  it('on edit an empty password keeps the current one; a new one follows the policy', () => {
    expect(adminUserUpdateSchema.safeParse({ ...user, password: '', confirmPassword: '' }).success).toBe(
      true,
    );
    expect(
      fieldsOf(adminUserUpdateSchema.safeParse({ ...user, password: 'weak', confirmPassword: 'weak' })),
    ).toEqual({ password: [passwordPolicyMessage] });
    expect(adminUserCreateSchema.safeParse({ ...user, password: '', confirmPassword: '' }).success).toBe(
      false,
    );
  });
});

describe('provider rules', () => {
  it('admin role per provider type and the subscriptions edit rule', () => {
    expect([1, 2, 3, 4, 5].map((t) => adminRoleOf(t as 1))).toEqual([1, 5, 3, 4, 7]);
    expect(canEditSubscriptions(5, 1)).toBe(true);
    expect(canEditSubscriptions(3, 5)).toBe(true);
    expect(canEditSubscriptions(3, 1)).toBe(false);
  });
});

describe('licence allocation', () => {
  const row: AllocationRow = {
    resourceId: 1,
    contentPartnerId: 2,
    contentPartnerName: 'Partner',
    courseCode: 'S1',
    courseName: 'Series',
    licenseStudentsCount: 0,
    procureStudentsCount: 0,
    assignedStudentsCount: 0,
  };
  it("'Required' unless a number; whole numbers from 0 to 1,000,000", () => {
    expect(procureCountError('')).toBe(lm.required);
    expect(procureCountError('abc')).toBe(lm.required);
    expect(procureCountError('12')).toBeNull();
    expect(procureCountError('0')).toBeNull();
    expect(procureCountError('-5')).toBe(lm.countRange);
    expect(procureCountError('2.5')).toBe(lm.countRange);
    expect(procureCountError('1000000000000')).toBe(lm.countRange);
  });
  it('aggregators select a row only when licences are available; the owner always; view never', () => {
    expect(isAllocationRowSelectable(row, AllocationMode.Provision)).toBe(false);
    expect(isAllocationRowSelectable({ ...row, licenseStudentsCount: 3 }, AllocationMode.Provision)).toBe(
      true,
    );
    expect(isAllocationRowSelectable({ ...row, procureStudentsCount: 2 }, AllocationMode.Provision)).toBe(
      true,
    );
    expect(isAllocationRowSelectable({ ...row, licenseStudentsCount: null }, AllocationMode.Procure)).toBe(
      true,
    );
    expect(isAllocationRowSelectable({ ...row, licenseStudentsCount: 9 }, AllocationMode.View)).toBe(false);
  });
  it('refuses negative, huge and duplicate mappings', () => {
    const bad = saveAllocationBodySchema.safeParse({
      mappings: [
        { resourceId: 1, studentsCount: -5 },
        { resourceId: 2, studentsCount: 10 ** 12 },
      ],
    });
    expect(fieldsOf(bad)).toEqual({
      'mappings.0.studentsCount': [lm.countRange],
      'mappings.1.studentsCount': [lm.countRange],
    });
    const dup = saveAllocationBodySchema.safeParse({
      mappings: [
        { resourceId: 1, studentsCount: 1 },
        { resourceId: 1, studentsCount: 2 },
      ],
    });
    expect(fieldsOf(dup)).toEqual({ mappings: [lm.duplicateSeries] });
    expect(fieldsOf(saveAllocationBodySchema.safeParse({ mappings: [] }))).toEqual({
      mappings: [lm.selectRows],
    });
  });
});
