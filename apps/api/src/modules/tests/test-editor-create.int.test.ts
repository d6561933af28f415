import { licenceMessages } from '@assess/contracts/access';
import { testEditorMessages, testMessages } from '@assess/contracts/tests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files, licencePackages } from '../../db/schema';
import {
  countTests,
  create,
  erp,
  ids,
  info,
  partner,
  stored,
  t,
  useTestEditorApp,
} from './test-editor.test-support';

useTestEditorApp();

describe('create (Information step)', () => {
  it('creates a Draft, inactive, with sanitised rich text and the configuration defaults', async () => {
    const body = info({
      welcomeMessage: '<p>Hi<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    const res = await erp.post('/api/tests', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(testMessages.createdInDraft);
    const row = await stored(res.json().testId);
    expect(row).toMatchObject({
      status: 1,
      isActive: false,
      testType: 0,
      duration: 180,
      attemptsAllowed: 1,
      questionsPerPage: 1,
      expiryDate: '2099-12-31',
      negativePointsPerQuestion: 0,
      providerId: ids.erp,
    });
    expect(row.welcomeMessage).toBe('<p>Hi</p>');
  });

  it("refuses an existing code or name with the spec's message; the live checks say which", async () => {
    const first = await create();
    for (const body of [info({ code: first.code.toLowerCase() }), info({ name: first.name.toUpperCase() })]) {
      const before = await countTests(ids.erp);
      const res = await erp.post('/api/tests', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(testMessages.codeOrNameExists);
      expect(await countTests(ids.erp)).toBe(before);
    }
    const code = await erp.get(`/api/tests/code-exists?value=${first.code}`);
    expect(code.json()).toEqual({ exists: true });
    expect(
      (await erp.get(`/api/tests/code-exists?value=${first.code}&testId=${first.testId}`)).json(),
    ).toEqual({ exists: false });
    expect((await erp.get(`/api/tests/name-exists?value=${encodeURIComponent(first.name)}`)).json()).toEqual({
      exists: true,
    });
    expect((await erp.get('/api/tests/name-exists?value=Nobody%20has%20this')).json()).toEqual({
      exists: false,
    });
    // another provider may use the same code
    expect((await partner.get(`/api/tests/code-exists?value=${first.code}`)).json()).toEqual({
      exists: false,
    });
  });

  it("editor images are the provider's own, at most 30 KB each", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'x-test-boundary';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/question-bank/images',
      headers: { cookie: erp.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { imageId, url } = upload.json() as { imageId: number; url: string };
    const ok = await erp.post('/api/tests', info({ welcomeMessage: `<p><img src="${url}"></p>` }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await stored(ok.json().testId)).welcomeMessage).toContain(url);

    const foreign = await erp.post(
      '/api/tests',
      info({ description: '<p><img src="/api/question-bank/images/999999"></p>' }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The image was not found.');

    await t.deps.db
      .update(files)
      .set({ size: 30 * 1024 + 1 })
      .where(eq(files.fileId, imageId));
    const big = await erp.post('/api/tests', info({ concludeMessage: `<p><img src="${url}"></p>` }));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(testMessages.editorImageTooBig);
  });

  it('refuses a code shorter than 3 characters', async () => {
    const res = await erp.post('/api/tests', info({ code: 'AB' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.code).toContain(testEditorMessages.codeLength);
  });

  it('the Tests package limit is counted on the server', async () => {
    const current = await countTests(ids.erp);
    const [platinum] = await t.deps.db.select().from(licencePackages).where(eq(licencePackages.packageId, 3));
    await t.deps.db
      .update(licencePackages)
      .set({ limits: { ...platinum.limits, Tests: current } })
      .where(eq(licencePackages.packageId, 3));
    try {
      const res = await erp.post('/api/tests', info());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(licenceMessages.Tests.replace('{n}', String(current)));
      expect(res.json().message).toBe(
        `Your current package allows up to ${current} tests.Please upgrade to higher package to create additional tests.`,
      );
      expect(await countTests(ids.erp)).toBe(current);
    } finally {
      await t.deps.db
        .update(licencePackages)
        .set({ limits: platinum.limits })
        .where(eq(licencePackages.packageId, 3));
    }
  });
});
