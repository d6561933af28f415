import { describe, expect, it } from 'vitest';
import { ProviderType, type ProviderTypeId, UserType } from '../access/codes';
import { menuPaths, visibleMenu } from '../access/menu';
import { defaultPrivileges, rolesByProviderType } from '../access/roles';

// Part 3 §2 Routes: /admin/quickTest, /admin/test and /admin/course are "hidden from menu" (docs/FEATURES.md
// 3.2.01): no role of any provider type, platform owner or not, finds them in its menu, while the lists that
// open them are there.
const hidden = ['/admin/quickTest', '/admin/test', '/admin/course'];

describe('hidden editor routes (part 3 §2)', () => {
  const cases = Object.entries(rolesByProviderType).flatMap(([type, roles]) =>
    roles.flatMap((roleId) => [false, true].map((owner) => ({ type: Number(type), roleId, owner }))),
  );

  it.each(cases)(
    'provider type $type, role $roleId, owner $owner: none in the menu',
    ({ type, roleId, owner }) => {
      const paths = menuPaths(
        visibleMenu({
          userTypeId: owner ? UserType.Staff : UserType.ProviderUser,
          providerId: owner ? 0 : 7,
          providerTypeId: type,
          privileges: {
            packageId: 3,
            privileges: defaultPrivileges(roleId, type as ProviderTypeId, owner),
            roles: [{ id: roleId }],
          },
        }),
      );
      for (const path of hidden) expect(paths).not.toContain(path);
    },
  );

  it('the lists that open them are in the menu (so the check above looks at a real menu)', () => {
    const paths = menuPaths(
      visibleMenu({
        userTypeId: UserType.ProviderUser,
        providerId: 7,
        providerTypeId: ProviderType.ERP,
        privileges: {
          packageId: 3,
          privileges: defaultPrivileges(rolesByProviderType[ProviderType.ERP][0], ProviderType.ERP),
          roles: [{ id: rolesByProviderType[ProviderType.ERP][0] }],
        },
      }),
    );
    expect(paths).toEqual(expect.arrayContaining(['/admin/testhome', '/admin/testSeries']));
  });
});
