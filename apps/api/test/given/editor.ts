// The test editor's Configuration step as the builders save it: the stored version read, then the Information
// fields with the defaults of a new test (duration 30) and what the builder says.
import { newTestConfiguration, type TestUpdateInput, testEditorEndpoints } from '@assess/contracts/tests';
import type { Client } from './client';

export async function saveConfiguration(
  c: Client,
  testId: number,
  info: { code: string; name: string },
  config: Partial<Omit<TestUpdateInput, 'code' | 'name' | 'version'>> = {},
) {
  const { version } = await c.call(testEditorEndpoints.get, { params: { testId } });
  await c.call(testEditorEndpoints.update, {
    params: { testId },
    body: {
      ...info,
      objective: null,
      targetAudience: null,
      description: null,
      ...newTestConfiguration,
      duration: 30,
      ...config,
      version,
    },
  });
}
