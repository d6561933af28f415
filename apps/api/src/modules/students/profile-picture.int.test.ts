import { pictureMessages as m, PICTURE_SIZE_PX } from '@assess/contracts/students';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipartBody } from '../../../test/multipart';
import { files, studentProfiles, users } from '../../db/schema';

let t: TestApp;
let erp: string;
let studentId: number;
beforeAll(async () => {
  t = await createTestApp();
  erp = await t.signIn('erp@example.com');
  [{ studentId }] = await t.deps.db
    .select({ studentId: users.userId })
    .from(users)
    .where(eq(users.userName, 'student@example.com'));
});
afterAll(() => t.close());

const upload = async (cookie: string, userId: number, file: { name: string; data: Buffer }) => {
  const { payload, headers } = await multipartBody([
    { field: 'file', fileName: file.name, content: file.data },
  ]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/students/${userId}/picture`,
    headers: { ...headers, cookie },
    payload,
  });
};
const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
const pictureOf = async (userId: number) =>
  (await t.deps.db.select().from(studentProfiles).where(eq(studentProfiles.userId, userId)))[0]
    ?.profilePicture;

describe('student profile picture', () => {
  it('stores an image re-encoded as a 256 px JPEG and serves it; a second upload replaces the first', async () => {
    const first = await upload(erp, studentId, { name: 'me.png', data: await png(400, 300) });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(m.saved);
    const firstId = Number(first.json().profilePicture);
    expect(await pictureOf(studentId)).toBe(String(firstId));

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/students/${studentId}/picture`,
      headers: { cookie: erp },
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', PICTURE_SIZE_PX, PICTURE_SIZE_PX]);

    const second = await upload(erp, studentId, { name: 'me2.png', data: await png(100, 100) });
    expect(second.statusCode).toBe(200);
    expect(await t.deps.db.select().from(files).where(eq(files.fileId, firstId))).toHaveLength(0);
  });

  it('refuses content that is not an image whatever its name, and a file over 10 MB, keeping the picture', async () => {
    const before = await pictureOf(studentId);
    const text = await upload(erp, studentId, {
      name: 'evil.png',
      data: Buffer.from('<script>alert(1)</script>'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(m.notAnImage);
    const big = await upload(erp, studentId, {
      name: 'big.png',
      data: Buffer.alloc(10 * 1024 * 1024 + 10, 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(m.tooLarge);
    expect(await pictureOf(studentId)).toBe(before);
  });

  it("another provider's staff cannot read or change the picture; a Read Only user cannot upload", async () => {
    const other = await t.signIn('subscriber@example.com');
    expect((await upload(other, studentId, { name: 'x.png', data: await png(50, 50) })).statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/students/${studentId}/picture`,
      headers: { cookie: other },
    });
    expect(read.statusCode).toBe(404);
    const readOnly = await t.signIn('readonly@example.com');
    expect((await upload(readOnly, studentId, { name: 'x.png', data: await png(50, 50) })).statusCode).toBe(
      403,
    );
  });

  it('removes the picture', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/students/${studentId}/picture`,
      headers: { cookie: erp },
    });
    expect(res.statusCode).toBe(200);
    expect(await pictureOf(studentId)).toBeNull();
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/students/${studentId}/picture`,
      headers: { cookie: erp },
    });
    expect(got.statusCode).toBe(404);
  });
});
