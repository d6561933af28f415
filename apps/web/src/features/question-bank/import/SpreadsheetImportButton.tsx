import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { TreeItem } from '../tree/treeModel';
import { SpreadsheetUploadDialog } from './SpreadsheetUploadDialog';

/** The tree's 'Import Questions' (part 2 §2): the spreadsheet upload into the selected own topic. */
export function SpreadsheetImportButton({ topic }: { topic: TreeItem | null }) {
  const [open, setOpen] = useState(false);
  const usable = Boolean(topic?.owned && !topic.readOnly);
  return (
    <>
      <Tooltip title={usable ? '' : 'Select a topic of your own first'}>
        <span>
          <Button variant="outlined" disabled={!usable} onClick={() => setOpen(true)}>
            Import Questions
          </Button>
        </span>
      </Tooltip>
      {open && topic && (
        <SpreadsheetUploadDialog target={{ topicId: topic.id }} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
