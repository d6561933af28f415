import Button from '@mui/material/Button';
import { useState } from 'react';
import type { TreeItem } from '../tree/treeModel';
import { ZipImportDialog } from './ZipImportDialog';

/**
 * The tree's 'Bulk Import' button (part 2 §2 "Zip import dialog"): the zip names its root category, so no
 * node has to be selected; a selected topic makes the example zip fit it.
 */
export function ZipImportButton({ topic }: { topic: TreeItem | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Bulk Import
      </Button>
      {open && (
        <ZipImportDialog target={topic?.owned ? { topicId: topic.id } : {}} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
