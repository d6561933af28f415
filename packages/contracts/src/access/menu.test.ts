import { describe, expect, it } from 'vitest';
import { ProviderType, UserType } from './codes';
import { isMenuGroup, type MenuContext, menuPaths, visibleMenu } from './menu';
import { defaultPrivileges, Role, type RoleId } from './roles';

function ctx(
  roleId: RoleId,
  providerTypeId: number,
  providerId = 7,
  userTypeId: number = UserType.ProviderUser,
): MenuContext {
  return {
    userTypeId,
    providerId,
    providerTypeId,
    privileges: {
      packageId: 3,
      privileges: defaultPrivileges(roleId, providerTypeId as never, providerId === 0),
      roles: [{ id: roleId }],
    },
  };
}
const labels = (c: MenuContext) =>
  visibleMenu(c).flatMap((e) =>
    isMenuGroup(e) ? [`${e.label}:`, ...e.items.map((i) => i.label)] : [e.label],
  );

describe('menu visibility (part 3 §2)', () => {
  it('ERP Super User: tests, content, counselling, users, configuration; no provider admin', () => {
    const l = labels(ctx(Role.SuperUser, ProviderType.ERP));
    expect(l).toEqual(
      expect.arrayContaining([
        'Tests',
        'Topicwise Test',
        'Test Series',
        'PYQ',
        'Questions',
        'Students',
        'Messages',
        'Application Users',
        'System Configuration',
        'Manage Counselling:',
      ]),
    );
    expect(l).not.toContain('Provider');
    expect(l).not.toContain('Coupons');
    expect(l).not.toContain('Provision Licenses');
    expect(l).not.toContain('Quick Test');
  });
  it('platform owner (provider id 0) also gets Provider and Coupons', () => {
    const l = labels(ctx(Role.SuperUser, ProviderType.ERP, 0, UserType.Staff));
    expect(l).toContain('Provider');
    expect(l).toContain('Coupons');
  });
  it('Aggregator gets Provider and Provision Licenses, no Coupons', () => {
    const l = labels(ctx(Role.Aggregator, ProviderType.Aggregator));
    expect(l).toContain('Provider');
    expect(l).toContain('Provision Licenses');
    expect(l).not.toContain('Coupons');
  });
  it('Read Only: no PYQ (first role 8), no topic-wise test', () => {
    const l = labels(ctx(Role.ReadOnly, ProviderType.ERP));
    expect(l).toContain('Test Series');
    expect(l).not.toContain('PYQ');
    expect(l).not.toContain('Topicwise Test');
  });
  it('Simplified Test provider: Quick Test, no Tests', () => {
    const l = labels(ctx(Role.SuperUserSimplifiedTest, ProviderType.SimplifiedTest));
    expect(l).toContain('Quick Test');
    expect(l).not.toContain('Tests');
  });
  it('students get the learner menu only; type 6 gets nothing', () => {
    const student = ctx(Role.ReadOnly, ProviderType.ERP, 7, UserType.Student);
    expect(menuPaths(visibleMenu(student))).toEqual(['/dashboard', '/testviewer', '/courses']);
    expect(visibleMenu(ctx(Role.SuperUser, ProviderType.ERP, 7, UserType.Other))).toEqual([]);
  });
  it('Topicwise Test needs CreateTopicwiseTest as well as the Test group', () => {
    const c = ctx(Role.SuperUser, ProviderType.ERP);
    c.privileges.privileges.Test = ['ViewTest'];
    expect(labels(c)).not.toContain('Topicwise Test');
    expect(labels(c)).toContain('Tests');
  });
});
