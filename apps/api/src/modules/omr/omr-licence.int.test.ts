import { omrNotEnabledMessage } from '@assess/contracts/access';
import { omrEndpoints as e } from '@assess/contracts/omr';
import { TestStatus } from '@assess/contracts/tests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, failure, given, signedIn } from '../../../test/given';
import { createTestApp, type TestApp } from '../../../test/harness';
import { licencePackages, providers, tests } from '../../db/schema';

// Part 3 §4 / §6 (FEATURES 3.1.01, 3.6.04): Download Test, Upload answers and Download OMR also need the package's
// OMREnabled flag. The same user, the same running test: allowed on a package with the flag, refused with our
// message (D8) once the package loses it — the privilege alone is not enough.
let t: TestApp;
let testId: number;
let packageId: number;

beforeAll(async () => {
  t = await createTestApp();
  const g = given(t);
  const built = await g.test({ sections: [{ questions: await g.questions(2) }] });
  testId = built.testId;
  // a running test (scheduleStatus 5), as the status clock leaves it once its window opens
  await t.deps.db
    .update(tests)
    .set({ status: TestStatus.Published, isActive: true, scheduleStatus: 5 })
    .where(eq(tests.testId, testId));
  const ids = await demoIds(t);
  [{ packageId }] = await t.deps.db
    .select({ packageId: providers.packageId })
    .from(providers)
    .where(eq(providers.providerId, ids.erp));
});
afterAll(async () => t?.close());

describe('the OMREnabled flag on the server', () => {
  it('allows the OMR calls with the flag and refuses them with the message without it', async () => {
    const [pkg] = await t.deps.db
      .select()
      .from(licencePackages)
      .where(eq(licencePackages.packageId, packageId));
    const limits = pkg!.limits;
    expect(limits.OMREnabled).toBe(true);
    const withFlag = await signedIn(t, 'erp@example.com');
    const form = await withFlag.call(e.form, { params: { testId } });
    expect(form.testId).toBe(testId);
    expect(form.sheet.sections.length).toBeGreaterThan(0);

    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...limits, OMREnabled: false } })
      .where(eq(licencePackages.packageId, packageId));
    try {
      const without = await signedIn(t, 'erp@example.com');
      // Download OMR (the dialog's form) and Download Test (the question paper)
      for (const endpoint of [e.form, e.downloadTest]) {
        const res = await without.send(endpoint, { params: { testId } });
        expect(failure(res), endpoint.path).toEqual({ status: 403, message: omrNotEnabledMessage });
      }
    } finally {
      await t.deps.db.update(licencePackages).set({ limits }).where(eq(licencePackages.packageId, packageId));
    }
  });
});
