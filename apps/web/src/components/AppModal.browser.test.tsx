// The generic modal's buttons (part 1 §2 "Generic modal"): Cancel first, the dialog's own buttons after it and
// OK last, rightmost, whichever of them a dialog has (a section's Save, the OMR sheet's Preview and Download sat
// before Cancel).
import Button from '@mui/material/Button';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { renderApp } from '../test/render';
import { AppModal } from './AppModal';

const buttonsOf = () =>
  [...(page.getByRole('dialog').element().querySelectorAll('.MuiDialogActions-root button') ?? [])].map(
    (b) => b.textContent,
  );

describe('AppModal', () => {
  it('puts Cancel before the dialog’s own buttons, and those before OK', async () => {
    await renderApp(
      <AppModal
        open
        onClose={() => {}}
        title="Download OMR"
        showCancel
        onOk={() => {}}
        okText="Save"
        actions={<Button>Preview</Button>}
      >
        body
      </AppModal>,
    );
    await expect.element(page.getByRole('dialog', { name: 'Download OMR' })).toBeVisible();
    expect(buttonsOf()).toEqual(['Cancel', 'Preview', 'Save']);
  });

  it('a dialog whose primary button is among its own buttons has Cancel on the left of it', async () => {
    await renderApp(
      <AppModal
        open
        onClose={() => {}}
        title="Create Question in Maths"
        showCancel
        actions={<Button>Save</Button>}
      >
        body
      </AppModal>,
    );
    await expect.element(page.getByRole('dialog', { name: 'Create Question in Maths' })).toBeVisible();
    expect(buttonsOf()).toEqual(['Cancel', 'Save']);
  });
});
