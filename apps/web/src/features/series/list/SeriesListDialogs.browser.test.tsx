// The series list's dialogs (moved from e2e/series.e2e.ts, issue 23): Upload resourceImage (choose a file,
// a file the server finds no image refused in the spec's words, a file over 5 MB refused before any call, an
// image stored and previewed) and View Tests (the series' tests in order, or the empty state); axe on each.
import {
  seriesMessages as m,
  SERIES_IMAGE_MAX_BYTES,
  seriesListEndpoints as sl,
  TestSubscription,
} from '@assess/contracts/series';
import { TestStatus } from '@assess/contracts/tests';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { seriesRow } from '../../../test/builders';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { chooseFiles, toast } from '../../../test/fields';
import { checkA11y, renderApp } from '../../../test/render';
import { SeriesImageDialog } from './SeriesImageDialog';
import { SeriesTestsDialog } from './SeriesTestsDialog';

const series = seriesRow('S-IMG', { courseId: 41, status: TestStatus.Ready, testCount: 2 });

/** A 1×1 PNG (what the server answers as the stored, re-encoded image). */
const PNG_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_URL.split(',')[1]), (c) => c.charCodeAt(0))], 'cover.png', {
    type: 'image/png',
  });

describe('Upload resourceImage (SeriesImageDialog)', () => {
  it('chooses a file, shows the refusal of one that is no image, then stores and previews an image', async () => {
    let answer: 'refuse' | 'store' = 'refuse';
    fakeApi.on(sl.uploadImage, () =>
      answer === 'refuse' ? apiError(400, m.notAnImage) : { message: m.imageUploaded, imageUrl: PNG_URL },
    );
    await renderApp(<SeriesImageDialog series={series} onClose={() => {}} />);
    const dialog = page.getByRole('dialog', { name: 'Upload resourceImage: Series S-IMG' });
    const upload = dialog.getByRole('button', { name: 'Upload' });
    const file = dialog.getByLabelText('Resource image file');
    await expect.element(dialog.getByText('No file chosen')).toBeVisible();
    await expect.element(dialog.getByText('JPEG, PNG, GIF or WebP, at most 5 MB')).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Choose image' })).toBeEnabled();
    await expect.element(upload).toBeDisabled();
    expect(dialog.getByRole('img').elements()).toHaveLength(0);
    await checkA11y();

    // a PDF named .png: chosen, sent, refused by its content in the spec's words; nothing shown
    await userEvent.upload(file, new File(['%PDF-1.4\n%%EOF'], 'cover.png', { type: 'image/png' }));
    await expect.element(dialog.getByText('cover.png')).toBeVisible();
    await upload.click();
    await expect.element(toast(m.notAnImage)).toBeVisible();
    expect(dialog.getByRole('img').elements()).toHaveLength(0);

    // over 5 MB: refused before any call
    chooseFiles(file, [
      new File([new Uint8Array(SERIES_IMAGE_MAX_BYTES + 1)], 'big.png', { type: 'image/png' }),
    ]);
    await expect.element(dialog.getByText('big.png')).toBeVisible();
    await upload.click();
    await expect.element(toast(m.tooLarge)).toBeVisible();
    expect(fakeApi.requestsTo(sl.uploadImage)).toHaveLength(1);

    // an image: stored, the success message, the preview from the stored image, the choice cleared
    answer = 'store';
    await userEvent.upload(file, pngFile());
    await upload.click();
    await expect.element(toast(m.imageUploaded)).toBeVisible();
    const img = dialog.getByRole('img', { name: 'Image of Series S-IMG' });
    await expect.element(img).toBeVisible();
    await expect.poll(() => (img.element() as HTMLImageElement).naturalWidth).toBe(1);
    await expect.element(dialog.getByText('No file chosen')).toBeVisible();
    await expect.element(upload).toBeDisabled();
    const sent = fakeApi
      .requestsTo(sl.uploadImage)
      .map((r) => (r.body as unknown as FormData).get('file') as File);
    expect(sent.map((f) => [f.name, f.size])).toEqual([
      ['cover.png', 14],
      ['cover.png', pngFile().size],
    ]);
    expect(sent.every((r) => r.size > 0)).toBe(true);
    expect(fakeApi.requestsTo(sl.uploadImage).map((r) => r.params.courseId)).toEqual([41, 41]);
    await checkA11y();
  });
});

describe('View Tests (SeriesTestsDialog)', () => {
  it("lists the series' tests in order with code, name, provider, status and subscription; axe", async () => {
    fakeApi.on(sl.tests, () => ({
      items: [
        {
          testId: 1,
          code: 'T-ONE',
          name: 'Algebra',
          status: TestStatus.Published,
          providerName: 'Demo ERP Institute',
          sequence: 1,
          testSubscriptionStatus: TestSubscription.Trial,
        },
        {
          testId: 2,
          code: 'T-TWO',
          name: 'Geometry',
          status: TestStatus.Ready,
          providerName: 'Partner Content',
          sequence: 2,
          testSubscriptionStatus: TestSubscription.Normal,
        },
      ],
    }));
    await renderApp(<SeriesTestsDialog series={series} onClose={() => {}} />);
    const table = page
      .getByRole('dialog', { name: 'Tests of Series S-IMG' })
      .getByRole('table', { name: 'Tests of Series S-IMG' });
    await expect.element(table).toBeVisible();
    const rows = table
      .getByRole('row')
      .elements()
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['#', 'Code', 'Name', 'Provider Name', 'Status', 'Subscription'],
      ['1', 'T-ONE', 'Algebra', 'Demo ERP Institute', 'Published', 'Trial'],
      ['2', 'T-TWO', 'Geometry', 'Partner Content', 'Ready', 'Normal'],
    ]);
    expect(fakeApi.requestsTo(sl.tests).map((r) => r.params.courseId)).toEqual([41]);
    await checkA11y();
  });

  it('a series without tests says so', async () => {
    fakeApi.on(sl.tests, () => ({ items: [] }));
    await renderApp(<SeriesTestsDialog series={series} onClose={() => {}} />);
    await expect.element(page.getByRole('dialog').getByText(m.noTests)).toBeVisible();
  });
});
