import { describe, expect, it } from 'vitest';
import { ProviderType } from '../access/codes';
import { Role } from '../access/roles';
import { applicationUserMessages as m } from './messages';
import { administeringRoles } from './rules';
import { createApplicationUserSchema, updateApplicationUserSchema } from './schemas';

describe('administering roles per provider type', () => {
  it('are the roles that may add users there', () => {
    const allowed = (t: number) =>
      administeringRoles(t).filter((r) => ([1, 2, 3, 4, 5, 7, 8] as number[]).includes(r));
    expect(allowed(ProviderType.ERP)).toEqual(expect.arrayContaining([Role.SuperUser, Role.Administrator]));
    expect(administeringRoles(ProviderType.ERP)).not.toContain(Role.ContentCurator);
    expect(administeringRoles(ProviderType.ERP)).not.toContain(Role.ReadOnly);
    expect(administeringRoles(ProviderType.ContentPartner)).toContain(Role.ContentPublisher);
    expect(administeringRoles(ProviderType.Subscriber)).toEqual(
      expect.arrayContaining([Role.Administrator, Role.TrialAdministrator]),
    );
    expect(administeringRoles(ProviderType.Aggregator)).toEqual(
      expect.arrayContaining([Role.Aggregator, Role.Administrator]),
    );
    expect(administeringRoles(ProviderType.SimplifiedTest)).toEqual(
      expect.arrayContaining([Role.SuperUserSimplifiedTest, Role.Administrator]),
    );
  });
});

describe('Add/Update User form (part 3 §5)', () => {
  const valid = {
    firstName: 'Asha',
    lastName: 'Menon',
    email: 'Asha.Menon@Example.com',
    mobile: '9123456780',
    userName: '',
    password: 'Secret@123',
    roleId: 3,
  };
  const messages = (v: unknown, schema = createApplicationUserSchema) => {
    const r = schema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('accepts a valid user; blanks stay blank, the e-mail is lower-cased', () => {
    expect(createApplicationUserSchema.parse(valid)).toEqual({
      ...valid,
      email: 'asha.menon@example.com',
      middleName: '',
      address: '',
    });
  });
  it('names at least 3 characters; mobile 10 digits; e-mail; user name in e-mail form', () => {
    expect(messages({ ...valid, firstName: 'As' })).toEqual([m.firstNameMin]);
    expect(messages({ ...valid, lastName: 'Me' })).toEqual([m.lastNameMin]);
    expect(messages({ ...valid, firstName: '' })).toEqual([m.completeRequired]);
    expect(messages({ ...valid, mobile: '912345678' })).toEqual([m.mobileDigits]);
    expect(messages({ ...valid, mobile: '91234567801' })).toEqual([m.mobileDigits]);
    expect(messages({ ...valid, email: 'asha@' })).toEqual([m.invalidEmail]);
    expect(messages({ ...valid, userName: 'asha' })).toEqual([m.userNameEmail]);
    expect(messages({ ...valid, userName: 'a.menon@example.com' })).toEqual([]);
  });
  it("password policy with the spec's message: required on create, empty keeps it on edit", () => {
    for (const p of ['', 'Shrt@1A', 'nouppercase@1', 'NOLOWER@1', 'NoDigits@x', 'NoSpecial12'])
      expect(messages({ ...valid, password: p })).toEqual([m.passwordPolicy]);
    expect(messages({ ...valid, password: 'Exact8@A' })).toEqual([]);
    expect(messages({ ...valid, password: '' }, updateApplicationUserSchema)).toEqual([]);
    expect(messages({ ...valid, password: undefined }, updateApplicationUserSchema)).toEqual([]);
    expect(messages({ ...valid, password: 'weak' }, updateApplicationUserSchema)).toEqual([m.passwordPolicy]);
  });
  it("a role is required: 'Please select the role.'", () => {
    expect(messages({ ...valid, roleId: '' })).toEqual([m.selectRole]);
    expect(messages({ ...valid, roleId: undefined })).toEqual([m.selectRole]);
  });
});
