import { notificationMessages as m, notificationBaseSchema } from '@assess/contracts/messages';
import { describe, expect, it } from 'vitest';
import { messagesRepositories } from '.';
import {
  call,
  clock,
  countOf,
  erpId,
  form,
  fx,
  storedFiles,
  studentId,
  t,
  useMessagesApp,
} from './messages.test-support';
import { createNotificationsService } from './notifications.service';
import { docx, pdf, png } from './test/fixtures';

useMessagesApp();

describe('attachments', () => {
  const series = () => fx.testSeries(erpId);
  const refused = async (files: { name: string; content: Buffer }[], status: number, message: string) => {
    const before = [await countOf('select 1 from notifications'), await countOf('select 1 from files')];
    // Files on disk compared with their own count: other areas' demo data may hold file rows.
    const onDisk = storedFiles().length;
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ testSeriesIds: [await series()] }),
      files,
    );
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
    expect([await countOf('select 1 from notifications'), await countOf('select 1 from files')]).toEqual(
      before,
    );
    expect(storedFiles()).toHaveLength(onDisk);
  };

  it('refuses other extensions, and content that is not what its name says', async () => {
    await refused([{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00') }], 415, m.extensionNotSupported);
    await refused([{ name: 'report.pdf', content: png() }], 415, m.extensionNotSupported);
    await refused([{ name: 'notes.txt', content: Buffer.from('plain text') }], 415, m.extensionNotSupported);
  });

  it('refuses a file over 10 MB while streaming and removes the files already stored', async () => {
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    await refused(
      [
        { name: 'ok.pdf', content: pdf('ok') },
        { name: 'big.pdf', content: big },
      ],
      413,
      m.fileTooLarge,
    );
  });

  it('refuses more than 4 files and duplicates (same name or same content)', async () => {
    const five = [1, 2, 3, 4, 5].map((i) => ({ name: `f${i}.pdf`, content: pdf(`n${i}`) }));
    await refused(five, 400, m.tooManyFiles);
    await refused(
      [
        { name: 'a.pdf', content: pdf('a') },
        { name: 'A.PDF', content: pdf('b') },
      ],
      409,
      m.duplicateFile,
    );
    await refused(
      [
        { name: 'a.pdf', content: pdf('same') },
        { name: 'b.pdf', content: pdf('same') },
      ],
      409,
      m.duplicateFile,
    );
  });

  it('stores up to 4 accepted files; an edit keeps, drops and adds, never more than 4 in all', async () => {
    const files = [
      { name: 'timetable.pdf', content: pdf('t') },
      { name: 'photo.png', content: png() },
    ];
    const res = await call(
      'erp',
      'POST',
      '/api/notifications',
      form({ testSeriesIds: [await series()] }),
      files,
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().notificationId;
    const detail = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(detail.attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'timetable.pdf',
      'photo.png',
    ]);
    const keep = detail.attachments.map((a: { fileId: number }) => a.fileId);
    const dl = await call('erp', 'GET', `/api/notifications/${id}/attachments/${keep[0]}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(files[0].content)).toBe(true);
    expect(dl.headers['content-disposition']).toContain('timetable.pdf');

    const three = [1, 2, 3].map((i) => ({ name: `x${i}.pdf`, content: pdf(`x${i}`) }));
    const tooMany = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: detail.testSeriesIds, keepFileIds: keep }),
      three,
    );
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, m.tooManySelectedFiles]);
    const dup = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ testSeriesIds: detail.testSeriesIds, keepFileIds: keep }),
      [{ name: 'other.pdf', content: files[0].content }],
    );
    expect([dup.statusCode, dup.json().message]).toEqual([409, m.duplicateFile]);

    const filesBefore = await countOf('select 1 from files');
    const edit = await call(
      'erp',
      'PUT',
      `/api/notifications/${id}`,
      form({ title: 'Changed', testSeriesIds: detail.testSeriesIds, keepFileIds: [keep[1]] }),
      [
        {
          name: 'new.docx',
          content: docx(),
        },
      ],
    );
    expect([edit.statusCode, edit.json().message]).toEqual([200, m.updatedSuccessfully]);
    const after = (await call('erp', 'GET', `/api/notifications/${id}`)).json();
    expect(after.title).toBe('Changed');
    expect(after.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['photo.png', 'new.docx']);
    expect(await countOf('select 1 from files')).toBe(filesBefore);
    expect((await call('erp', 'GET', `/api/notifications/${id}/attachments/${keep[0]}`)).statusCode).toBe(
      404,
    );
  });

  it('leaves no half-made message when the save fails after the files were stored', async () => {
    const before = [await countOf('select 1 from notifications'), await countOf('select 1 from files')];
    const { notifications, withTransaction } = messagesRepositories(t.deps.db);
    const failing = createNotificationsService({
      clock,
      notifications,
      withTransaction,
      delivery: { schedule: async () => Promise.reject(new Error('queue down')) },
      jobs: t.deps.jobs,
      files: t.deps.files,
    });
    const { Readable } = await import('node:stream');
    async function* incoming() {
      yield { fileName: 'a.pdf', stream: Readable.from([pdf('tx')]) };
    }
    const err = await failing
      .create(
        { providerId: erpId, userId: studentId },
        notificationBaseSchema.parse(form({ testSeriesIds: [await series()] })),
        incoming(),
      )
      .catch((e) => e);
    expect(err.message).toBe(m.creationFailed);
    expect([await countOf('select 1 from notifications'), await countOf('select 1 from files')]).toEqual(
      before,
    );
  });
});
