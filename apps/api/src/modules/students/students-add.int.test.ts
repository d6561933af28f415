import { studentMessages as m } from '@assess/contracts/students';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configurationValues, providers, studentProfiles, users } from '../../db/schema';
import { erp, erpProvider, req, student, studentIdByEmail, t, useStudentsApp } from './students.test-support';

useStudentsApp();

describe('add form rules (§5 Student form)', () => {
  const fieldsOf = async (body: unknown) => {
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(400);
    return JSON.stringify(res.json());
  };
  it('gives the spec message for each invalid field and writes nothing', async () => {
    const before = (await req(erp, 'GET', '/api/students')).json().totalCount;
    expect(await fieldsOf(student({ fullName: '' }))).toContain(m.fullNameRequired);
    expect(await fieldsOf(student({ fullName: 'R2 D2' }))).toContain(m.fullNameInvalid);
    expect(await fieldsOf(student({ email: 'not-an-email' }))).toContain(m.emailInvalid);
    expect(await fieldsOf(student({ mobile: '5123456789' }))).toContain(m.mobileInvalid);
    expect(await fieldsOf(student({ mobile: '912345678' }))).toContain(m.mobileInvalid);
    expect(await fieldsOf(student({ gender: '' }))).toContain(m.genderRequired);
    expect(await fieldsOf(student({ dob: '2999-01-01' }))).toContain(m.dobFuture);
    expect(await fieldsOf(student({ passCode: 'Secret123!' }))).toContain(m.passwordPolicy); // ! is not in @#$%^&+=
    expect(await fieldsOf(student({ passCode: 'secret@123' }))).toContain(m.passwordPolicy);
    expect(await fieldsOf(student({ passCode: '' }))).toContain(m.passwordPolicy);
    expect(await fieldsOf(student({ fatherMobile: '12345' }))).toContain(m.parentMobileInvalid);
    expect(await fieldsOf(student({ fatherEmail: 'x@' }))).toContain(m.parentEmailInvalid);
    expect(await fieldsOf(student({ fatherName: 'Dad 2' }))).toContain(m.lettersOnly);
    expect(await fieldsOf(student({}, { language: '' }))).toContain(m.languageRequired);
    const sib = student();
    sib.siblingDetailsList = [{ siblingName: 'A', mobile: '123', email: 'a@' }] as never;
    expect(await fieldsOf(sib)).toContain(m.parentMobileInvalid);
    expect(await fieldsOf(sib)).toContain(m.parentEmailInvalid);
    sib.siblingDetailsList = [{ siblingName: 'A' }, { siblingName: 'B' }] as never;
    expect(await fieldsOf(sib)).toContain(m.atMostOneSibling);
    expect((await req(erp, 'GET', '/api/students')).json().totalCount).toBe(before);
  });
  it("refuses another provider's configuration value", async () => {
    const [other] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(
        and(eq(configurationValues.key, 'State'), sql`${configurationValues.providerId} <> ${erpProvider}`),
      )
      .limit(1);
    const res = await req(erp, 'POST', '/api/students', student({ state: other.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.registrationError);
  });
  it('adds a valid student (user type 4, user name = e-mail, active), empty pin stored as null', async () => {
    const body = student({
      fatherName: 'Raj Kumar',
      fatherMobile: '9988776655',
      fatherEmail: 'raj@example.com',
    });
    body.siblingDetailsList = [{ siblingName: 'Asha', mobile: '', email: '', schoolCollege: 'DPS' }] as never;
    const interestId = (await req(erp, 'GET', '/api/students/lookups')).json().interests[0].interestId;
    body.interestList = [interestId] as never;
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.registered);
    const id = res.json().userId;
    const [u] = await t.deps.db.select().from(users).where(eq(users.userId, id));
    expect(u).toMatchObject({
      userTypeId: 4,
      userName: body.studentInfo.email,
      isActive: true,
      providerId: erpProvider,
    });
    expect(u.passwordHash).not.toContain('Secret');
    const [p] = await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.userId, id));
    expect(p.pinCode).toBeNull();
    // the detail answers the registration's four parts (part 1 §3)
    const detail = (await req(erp, 'GET', `/api/students/${id}`)).json();
    expect(detail.studentInfo).toMatchObject({
      userId: id,
      email: body.studentInfo.email,
      gender: 1,
      fatherName: 'Raj Kumar',
      fatherMobile: '9988776655',
      pinCode: null,
      isActive: true,
    });
    expect(detail.educationInfo).toMatchObject({
      language: body.educationInfo.language,
      class: body.educationInfo.class,
      board: null,
    });
    expect(detail.interestList).toEqual([interestId]);
    expect(detail.siblingDetailsList).toEqual([
      expect.objectContaining({ siblingName: 'Asha', mobile: null }),
    ]);
    expect(JSON.stringify(detail)).not.toMatch(/passCode|password/i);
    // the new student can sign in with the password
    await t.signIn(body.studentInfo.email, 'Secret@123');
  });
  it('a duplicate e-mail or mobile on another user gives the spec messages', async () => {
    const dupEmail = await req(erp, 'POST', '/api/students', student({ email: 'ERP@example.com' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(m.emailExists);
    const [{ mobile }] = await t.deps.db
      .select({ mobile: users.mobile })
      .from(users)
      .where(eq(users.userName, 'erp@example.com'));
    const dupMobile = await req(erp, 'POST', '/api/students', student({ mobile }));
    expect(dupMobile.statusCode).toBe(409);
    expect(dupMobile.json().message).toBe(m.mobileExists);
    const check = (await req(erp, 'GET', `/api/students/mobile-exists?mobile=${mobile}`)).json();
    expect(check).toEqual({ exists: true, message: m.mobileExists });
  });
  it('two simultaneous adds of the same e-mail: one student, the other gets the message (unique constraint)', async () => {
    const a = student();
    const b = student({ email: a.studentInfo.email });
    const results = await Promise.all([
      req(erp, 'POST', '/api/students', a),
      req(erp, 'POST', '/api/students', b),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(m.emailExists);
    const n = await t.deps.db
      .select({ id: users.userId })
      .from(users)
      .where(eq(users.email, a.studentInfo.email));
    expect(n).toHaveLength(1);
  });
});

describe('e-mail lookup within the caller reach', () => {
  it('fills a student of the own provider (no password), reports an unrelated one only as existing', async () => {
    const own = (await req(erp, 'GET', '/api/students/by-email?email=Student@example.com')).json();
    expect(own.found).toBe('inReach');
    expect(own.student.studentInfo).toMatchObject({ fullName: 'Sneha Verma', email: 'student@example.com' });
    expect(JSON.stringify(own)).not.toMatch(/passCode|password|hash/i);
    const sub = await t.signIn('subscriber@example.com');
    const other = (await req(sub, 'GET', '/api/students/by-email?email=student@example.com')).json();
    expect(other).toEqual({ found: 'exists', message: m.emailExists });
    expect((await req(sub, 'GET', '/api/students/by-email?email=nobody@example.com')).json()).toEqual({
      found: 'none',
    });
  });
  it("an aggregator reaches its child provider's students", async () => {
    const agg = await t.signIn('aggregator@example.com');
    const [child] = await t.deps.db
      .select({ id: providers.providerId })
      .from(providers)
      .where(eq(providers.providerKey, 'demo-child'));
    await t.deps.db.insert(users).values({
      providerId: child.id,
      userTypeId: 4,
      userName: 'child.student@example.com',
      email: 'child.student@example.com',
      fullName: 'Child Student',
      passwordHash: 'x',
    });
    expect(
      (await req(agg, 'GET', '/api/students/by-email?email=child.student@example.com')).json().found,
    ).toBe('inReach');
    expect(
      (await req(erp, 'GET', '/api/students/by-email?email=child.student@example.com')).json().found,
    ).toBe('exists');
  });
  it('adding with the e-mail of an own student keeps its details and password', async () => {
    const before = (await req(erp, 'GET', '/api/students')).json().totalCount;
    const body = student({ email: 'student@example.com', fullName: 'Someone Else', passCode: '' });
    const res = await req(erp, 'POST', '/api/students', body);
    expect(res.statusCode).toBe(200);
    const [u] = await t.deps.db.select().from(users).where(eq(users.email, 'student@example.com'));
    expect(u.fullName).toBe('Sneha Verma');
    expect((await req(erp, 'GET', '/api/students')).json().totalCount).toBe(before);
    await t.signIn('student@example.com'); // password unchanged
  });
});

describe('update', () => {
  it('updates a student; an empty password keeps the stored one; e-mail of another user refused', async () => {
    const body = student();
    const id = (await req(erp, 'POST', '/api/students', body)).json().userId;
    const changed = { ...body, studentInfo: { ...body.studentInfo, fullName: 'Changed Name', passCode: '' } };
    const res = await req(erp, 'PUT', `/api/students/${id}`, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.updated);
    await t.signIn(body.studentInfo.email, 'Secret@123');
    const dup = await req(erp, 'PUT', `/api/students/${id}`, {
      ...body,
      studentInfo: { ...body.studentInfo, email: 'erp@example.com' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(m.emailIdExists);
  });
});

describe('licence limit', () => {
  it("refuses the add that would pass the licence's student count, and writes nothing", async () => {
    const trial = await t.signIn('trial@example.com');
    const [{ id: trialProvider }] = await t.deps.db
      .select({ id: providers.providerId })
      .from(providers)
      .where(eq(providers.providerKey, 'demo-trial'));
    const [lang] = await t.deps.db
      .select({ id: configurationValues.id })
      .from(configurationValues)
      .where(and(eq(configurationValues.providerId, trialProvider), eq(configurationValues.key, 'Language')));
    const limit = 25; // Trial package Students
    await t.deps.db.insert(users).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        providerId: trialProvider,
        userTypeId: 4,
        userName: `trial.s${i}@example.com`,
        email: `trial.s${i}@example.com`,
        passwordHash: 'x',
      })),
    );
    const body = () => student({ state: null, city: null }, { language: lang.id, class: null });
    expect((await req(trial, 'POST', '/api/students', body())).statusCode).toBe(200); // the 25th fits
    const over = body();
    const res = await req(trial, 'POST', '/api/students', over);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(m.licenceLimit);
    expect(await studentIdByEmail(over.studentInfo.email)).toBeUndefined();
  });
});
