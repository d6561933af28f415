import { Package } from '@assess/contracts/access';
import {
  type ConfigurationKey,
  configurationListsSchema,
  configurationMessages,
  configurationSavedSchema,
  configurationValueListSchema,
} from '@assess/contracts/configuration';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  configurationValues,
  interests,
  licencePackages,
  studentEducation,
  studentInterests,
  studentProfiles,
  users,
} from '../../db/schema';

let t: TestApp;
const cookies: Record<string, string> = {};
const providerIds: Record<string, number> = {};

async function as(email: string) {
  if (!cookies[email]) {
    cookies[email] = await t.signIn(email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookies[email] },
    });
    providerIds[email] = res.json().userDetails.providerId;
  }
  return cookies[email];
}
const list = async (email: string, key: ConfigurationKey, includeInactive = true) =>
  t.app.inject({
    method: 'GET',
    url: `/api/configuration/values?key=${key}&includeInactive=${includeInactive}`,
    headers: { cookie: await as(email) },
  });
const add = async (email: string, key: string, value: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/configuration/values',
    headers: { cookie: await as(email) },
    payload: { key, value },
  });
const toggle = async (email: string, key: string, id: number, isActive: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/configuration/values/${key}/${id}`,
    headers: { cookie: await as(email) },
    payload: { isActive },
  });
const countRows = async (providerId: number, key: ConfigurationKey) => {
  if (key === 'Interest') {
    return (await t.deps.db.select().from(interests).where(eq(interests.providerId, providerId))).length;
  }
  return (
    await t.deps.db
      .select()
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, providerId), eq(configurationValues.key, key)))
  ).length;
};

beforeAll(async () => {
  t = await createTestApp();
  await as('erp@example.com');
});
afterAll(() => t.close());

describe('listing', () => {
  it("lists the caller's provider's values with the demo defaults, and only theirs", async () => {
    const res = await list('erp@example.com', 'Class');
    expect(res.statusCode).toBe(200);
    const { items } = configurationValueListSchema.parse(res.json());
    expect(items.map((i) => i.valueString)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(items.filter((i) => i.isDefault).map((i) => i.valueString)).toEqual(['10']);
    const ids = items.map((i) => i.id);
    const other = configurationValueListSchema.parse((await list('subscriber@example.com', 'Class')).json());
    expect(other.items).toHaveLength(12);
    expect(other.items.some((i) => ids.includes(i.id))).toBe(false);
  });

  it('labels Objective and Target Audience as "value (Provider name)"', async () => {
    const { items } = configurationValueListSchema.parse((await list('erp@example.com', 'Objective')).json());
    expect(items[0].label).toBe(`${items[0].valueString} (Demo ERP Institute)`);
  });

  it('refuses Objective and Target Audience to provider type 3, but lists its other sections', async () => {
    for (const key of ['Objective', 'TargetAudience'] as const) {
      const res = await list('subscriber@example.com', key);
      expect(res.statusCode).toBe(403);
      expect((await add('subscriber@example.com', key, 'New goal')).statusCode).toBe(403);
    }
    expect(await countRows(providerIds['subscriber@example.com'], 'Objective')).toBe(0);
    expect((await list('subscriber@example.com', 'State')).statusCode).toBe(200);
  });

  it('GET /lists answers every active list of the provider with ids and defaults', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/lists',
      headers: { cookie: await as('erp@example.com') },
    });
    expect(res.statusCode).toBe(200);
    const lists = configurationListsSchema.parse(res.json());
    expect(lists.language.find((l) => l.isDefault)?.value).toBe('English');
    expect(lists.educationBoard.map((b) => b.value)).toEqual(['CBSE', 'ICSE', 'State Board']);
    expect(lists.interest).toHaveLength(12);
    expect(lists.state.length).toBeGreaterThan(10);
  });

  it('without ViewSystemConfiguration the page view is refused; nobody signed in gets 401', async () => {
    // The content publisher role holds no SystemConfiguration privilege.
    const res = await list('partner@example.com', 'State');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(configurationMessages.notFound);
    const anon = await t.app.inject({ method: 'GET', url: '/api/configuration/values?key=State' });
    expect(anon.statusCode).toBe(401);
  });
});

describe('adding (§5)', () => {
  it("trims, saves active, answers the type's success message", async () => {
    const res = await add('erp@example.com', 'City', '  Nagpur  ');
    expect(res.statusCode).toBe(201);
    const saved = configurationSavedSchema.parse(res.json());
    expect(saved.message).toBe('City Added successfully');
    expect(saved.item).toMatchObject({
      valueString: 'Nagpur',
      isActive: true,
      isDefault: false,
      key: 'City',
    });
  });

  it.each([
    ['Class', '13', 'Class Added successfully'],
    ['EducationBoard', 'IB', ' Board Added successfully'],
    ['Education', 'Doctorate', 'Education Added successfully'],
    ['Profession', 'Artist', ' Profession Added successfully'],
    ['Objective', 'Olympiad Preparation', ' Objective Added successfully'],
    ['TargetAudience', 'Teachers', ' Target Audience added successfully'],
    ['Interest', 'Robotics', 'Interest Added successfully'],
  ])('%s: success message %j', async (key, value, message) => {
    const res = await add('erp@example.com', key, value);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(message);
  });

  it('an interest gets its text as description and is active', async () => {
    await add('erp@example.com', 'Interest', ' Astronomy ');
    const [row] = await t.deps.db
      .select()
      .from(interests)
      .where(
        and(eq(interests.providerId, providerIds['erp@example.com']), eq(interests.interests, 'Astronomy')),
      );
    expect(row).toMatchObject({ description: 'Astronomy', isActive: true });
  });

  it.each([
    ['Interest', 'Please enter interest'],
    ['Class', 'Please enter class'],
    ['EducationBoard', 'Please enter education board'],
    ['TargetAudience', 'Please enter target audience'],
  ])('%s: empty or blank text gives %j and writes nothing', async (key, message) => {
    const before = await countRows(providerIds['erp@example.com'], key as ConfigurationKey);
    const res = await add('erp@example.com', key, '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countRows(providerIds['erp@example.com'], key as ConfigurationKey)).toBe(before);
  });

  it.each([
    ['City', ' mUMBAI ', '" mUMBAI " already is exist'],
    ['Class', '10 ', 'Class already exist'],
    ['EducationBoard', 'cbse', 'education board already exist'],
    ['Education', 'PRIMARY', 'education already exist'],
    ['Profession', ' teacher', 'profession already exist'],
    ['State', 'karnataka', 'state already exist'],
    ['Objective', 'career guidance', 'Objective already exist'],
    ['TargetAudience', 'PARENTS', 'Target Audience already exist'],
    ['Interest', '  science ', '"science" interst already exist'],
  ])(
    '%s: duplicate %j (case and spaces ignored) gives %j and writes nothing',
    async (key, value, message) => {
      const before = await countRows(providerIds['erp@example.com'], key as ConfigurationKey);
      const res = await add('erp@example.com', key, value);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(message.replace('" mUMBAI "', '"mUMBAI"'));
      expect(await countRows(providerIds['erp@example.com'], key as ConfigurationKey)).toBe(before);
    },
  );

  it("another provider's value is no duplicate", async () => {
    expect((await add('subscriber@example.com', 'City', 'Nagpur')).statusCode).toBe(201);
  });

  it('concurrent adds of the same value write one row', async () => {
    const results = await Promise.all([
      add('erp@example.com', 'City', 'Surat'),
      add('erp@example.com', 'City', ' surat'),
      add('erp@example.com', 'City', 'SURAT '),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.deps.db
      .select()
      .from(configurationValues)
      .where(
        sql`${configurationValues.providerId} = ${providerIds['erp@example.com']} and lower(${configurationValues.valueString}) = 'surat'`,
      );
    expect(rows).toHaveLength(1);
  });

  it('the unique index refuses a duplicate written past the service', async () => {
    await expect(
      t.deps.db.insert(configurationValues).values({
        providerId: providerIds['erp@example.com'],
        key: 'City',
        valueString: ' PUNE ',
      }),
    ).rejects.toThrow();
  });

  it('the package limit per type refuses one more with the message, and writes nothing', async () => {
    // The trial package allows 20 values per type; the demo trial provider has 12 cities and 12 interests.
    const [{ limits }] = await t.deps.db
      .select({ limits: licencePackages.limits })
      .from(licencePackages)
      .where(eq(licencePackages.packageId, Package.Trial));
    const limit = (limits as { ConfigurationValues: number }).ConfigurationValues;
    await as('trial@example.com');
    const trialId = providerIds['trial@example.com'];
    let n = await countRows(trialId, 'City');
    while (n < limit) {
      expect((await add('trial@example.com', 'City', `Town ${n}`)).statusCode).toBe(201);
      n++;
    }
    const res = await add('trial@example.com', 'City', 'One Too Many');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `Please upgrade to higher package for adding more than ${limit} configurations.`,
    );
    expect(await countRows(trialId, 'City')).toBe(limit);
    // the limit is per type: another type still has room
    expect((await add('trial@example.com', 'Interest', 'Chess')).statusCode).toBe(201);
  });
});

describe('active switch (§4) and the in-use check', () => {
  async function valueId(key: ConfigurationKey, value: string, email = 'erp@example.com') {
    const { items } = configurationValueListSchema.parse((await list(email, key)).json());
    const item = items.find((i) => i.valueString === value);
    if (!item) throw new Error(`${key} ${value} missing`);
    return item.id;
  }
  let studentId: number;
  beforeAll(async () => {
    const [s] = await t.deps.db
      .insert(users)
      .values({
        providerId: providerIds['erp@example.com'],
        userTypeId: 4,
        userName: 'inuse.student@example.com',
        passwordHash: 'not-a-hash',
        email: 'inuse.student@example.com',
        mobile: '9123400001',
        fullName: 'In Use Student',
      })
      .returning({ id: users.userId });
    studentId = s.id;
    await t.deps.db.insert(studentProfiles).values({
      userId: studentId,
      providerId: providerIds['erp@example.com'],
      state: await valueId('State', 'Kerala'),
      city: await valueId('City', 'Kochi'),
      fatherProfession: await valueId('Profession', 'Doctor'),
    });
    await t.deps.db.insert(studentEducation).values({
      userId: studentId,
      language: await valueId('Language', 'Malayalam'),
      board: await valueId('EducationBoard', 'ICSE'),
      class: await valueId('Class', '9'),
      education: await valueId('Education', 'Secondary'),
    });
    await t.deps.db
      .insert(studentInterests)
      .values({ userId: studentId, interestId: await valueId('Interest', 'Music') });
  });

  it('deactivates and reactivates a value not in use', async () => {
    const id = configurationSavedSchema.parse((await add('erp@example.com', 'City', 'Bhopal')).json()).item
      .id;
    const off = await toggle('erp@example.com', 'City', id, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Configuration Updated successfully',
      item: { isActive: false },
    });
    const active = configurationValueListSchema.parse((await list('erp@example.com', 'City', false)).json());
    expect(active.items.some((i) => i.id === id)).toBe(false);
    expect((await toggle('erp@example.com', 'City', id, true)).json().item.isActive).toBe(true);
  });

  it.each([
    ['State', 'Kerala', 'The State is in used.'],
    ['City', 'Kochi', 'The City is in use.'],
    ['Profession', 'Doctor', 'The Profession is in use.'],
    ['EducationBoard', 'ICSE', 'The Board is in use.'],
    ['Class', '9', 'The Class is in use.'],
    ['Education', 'Secondary', 'The Education is in use.'],
    ['Interest', 'Music', 'This Interest is in use.'],
    ['Language', 'Malayalam', 'The Language is in use.'],
  ])('%s %j in use by a student cannot be deactivated: %j, row unchanged', async (key, value, message) => {
    const id = await valueId(key as ConfigurationKey, value);
    const res = await toggle('erp@example.com', key, id, false);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    const { items } = configurationValueListSchema.parse(
      (await list('erp@example.com', key as ConfigurationKey)).json(),
    );
    expect(items.find((i) => i.id === id)?.isActive).toBe(true);
  });

  it("another provider's value id is not found and stays unchanged", async () => {
    const id = await valueId('City', 'Pune', 'subscriber@example.com');
    const res = await toggle('erp@example.com', 'City', id, false);
    expect(res.statusCode).toBe(404);
    const { items } = configurationValueListSchema.parse(
      (await list('subscriber@example.com', 'City')).json(),
    );
    expect(items.find((i) => i.id === id)?.isActive).toBe(true);
  });

  it('a value id under the wrong key is not found', async () => {
    const id = await valueId('City', 'Pune');
    expect((await toggle('erp@example.com', 'State', id, false)).statusCode).toBe(404);
  });
});

describe('privileges (§6)', () => {
  it('Read Only may view, but not add or toggle; nothing is written', async () => {
    expect((await list('readonly@example.com', 'City')).statusCode).toBe(200);
    const before = await countRows(providerIds['erp@example.com'], 'City');
    const res = await add('readonly@example.com', 'City', 'Indore');
    expect(res.statusCode).toBe(403);
    expect(await countRows(providerIds['erp@example.com'], 'City')).toBe(before);
    const { items } = configurationValueListSchema.parse((await list('readonly@example.com', 'City')).json());
    const target = items.find((i) => i.valueString === 'Pune')!;
    expect((await toggle('readonly@example.com', 'City', target.id, false)).statusCode).toBe(403);
  });

  it('a student cannot read the lists', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/configuration/lists',
      headers: { cookie: await as('student@example.com') },
    });
    expect(res.statusCode).toBe(403);
  });

  it('a provider id sent in the body is ignored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/configuration/values',
      headers: { cookie: await as('erp@example.com') },
      payload: { key: 'City', value: 'Mysuru', providerId: providerIds['subscriber@example.com'] },
    });
    expect(res.statusCode).toBe(201);
    const sub = configurationValueListSchema.parse((await list('subscriber@example.com', 'City')).json());
    expect(sub.items.some((i) => i.valueString === 'Mysuru')).toBe(false);
  });
});
