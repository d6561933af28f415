import { describe, expect, it } from 'vitest';
import { Package, ProviderType } from './codes';
import { checkLicenceLimit, defaultPackageLimits } from './licences';
import { hasArea, privilegeCatalogue } from './privileges';
import { defaultPrivileges, Role, rolesByProviderType } from './roles';

describe('roles per provider type (part 1 §3)', () => {
  it('matches the spec table, Simplified Assessment using ids 3 and 8', () => {
    expect(rolesByProviderType[ProviderType.ERP]).toEqual([1, 2, 3, 8]);
    expect(rolesByProviderType[ProviderType.ContentPartner]).toEqual([5, 2, 8]);
    expect(rolesByProviderType[ProviderType.Subscriber]).toEqual([3, 8]);
    expect(rolesByProviderType[ProviderType.Aggregator]).toEqual([7, 3]);
    expect(rolesByProviderType[ProviderType.SimplifiedTest]).toEqual([4, 3, 8]);
  });
});

describe('privilege catalogue', () => {
  it('holds the spec names by area', () => {
    expect(privilegeCatalogue.Provider).toContain('HideUpdateProfile');
    expect(privilegeCatalogue.User).toContain('HideChangePassword');
    expect(privilegeCatalogue.SystemConfiguration).toContain('Active/InactiveSystemConfiguration');
    expect(privilegeCatalogue.Student).toEqual([
      'ViewStudent',
      'UpdateStudent',
      'AddStudent',
      'ImportStudent',
    ]);
    expect(privilegeCatalogue.TaskManager).toEqual(['ViewTask']);
    expect(privilegeCatalogue.Test).toContain('CreateTopicwiseTest');
    expect(privilegeCatalogue.SimplifiedTest).toContain('PublishSimplifiedTest');
  });
});

describe('default privileges', () => {
  it('Super User holds every area of its provider type but no hiding privilege', () => {
    const p = defaultPrivileges(Role.SuperUser, ProviderType.ERP);
    expect(p.Student).toEqual([...privilegeCatalogue.Student]);
    expect(p.Provider).toBeUndefined();
    expect(p.User).not.toContain('HideChangePassword');
    expect(p.SimplifiedTest).toBeUndefined();
  });
  it('only the platform owner Super User administers providers and coupons', () => {
    expect(defaultPrivileges(Role.SuperUser, ProviderType.ERP, true).Provider).toContain('AddProvider');
    expect(defaultPrivileges(Role.SuperUser, ProviderType.ERP, true).Coupon).toContain('AddCoupon');
  });
  it('Read Only only views, and has the profile update hidden', () => {
    const p = defaultPrivileges(Role.ReadOnly, ProviderType.ERP);
    expect(p.SystemConfiguration).toEqual(['ViewSystemConfiguration']);
    expect(p.Student).toEqual(['ViewStudent']);
    expect(p.Provider).toEqual(['ViewProvider', 'HideUpdateProfile']);
    const all = Object.values(p).flat();
    expect(all.some((n) => /^(Add|Create|Update|Delete|Publish|Import)/.test(n))).toBe(false);
  });
  it('a hiding privilege alone does not make an area present', () => {
    expect(hasArea({ privileges: { User: ['HideChangePassword'] } }, 'User')).toBe(false);
    expect(hasArea({ privileges: { User: ['ViewUser'] } }, 'User')).toBe(true);
  });
});

describe('licence limit check', () => {
  const trial = defaultPackageLimits[Package.Trial];
  it('allows up to the limit and refuses one more with the spec message', () => {
    expect(checkLicenceLimit(trial, 'Students', trial.Students - 1)).toBeNull();
    expect(checkLicenceLimit(trial, 'Students', trial.Students)).toBe(
      'Need to upgrade License for adding more students',
    );
  });
  it('puts the limit into the message', () => {
    expect(checkLicenceLimit(trial, 'ConfigurationValues', trial.ConfigurationValues)).toBe(
      `Please upgrade to higher package for adding more than ${trial.ConfigurationValues} configurations.`,
    );
    expect(checkLicenceLimit(trial, 'Tests', 0, trial.Tests + 1)).toBe(
      `Your current package allows up to ${trial.Tests} tests.Please upgrade to higher package to create additional tests.`,
    );
  });
});
