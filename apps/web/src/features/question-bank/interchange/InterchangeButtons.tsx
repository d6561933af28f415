import { hasPrivilege } from '@assess/contracts/access';
import UploadIcon from '@mui/icons-material/Upload';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSignedInSession } from '../../auth/session';
import type { TreeItem } from '../tree/treeModel';
import { ExportMenu } from './ExportMenu';
import { InterchangeImportDialog } from './InterchangeImportDialog';

/**
 * The tree toolbar's interchange (beyond the spec): 'Export' of the selected node's subtree (own or
 * subscribed) as Moodle XML, GIFT or a QTI 3.0 package (ViewQuestion), and 'Import Moodle XML, GIFT or QTI'
 * (ImportExcel or BulkImport); questions without a topic in the file go to the selected own topic.
 */
export function InterchangeButtons({ node }: { node: TreeItem | null }) {
  const p = useSignedInSession().privilegeObject;
  const [open, setOpen] = useState(false);
  const canImport =
    hasPrivilege(p, 'CategoryTopic', 'ImportExcel') || hasPrivilege(p, 'CategoryTopic', 'BulkImport');
  const ownTopic = node?.nodeType === 'topic' && node.owned ? node : null;
  return (
    <>
      {hasPrivilege(p, 'Question', 'ViewQuestion') && (
        <ExportMenu
          query={node ? (node.nodeType === 'topic' ? { topicId: node.id } : { categoryId: node.id }) : null}
          disabledReason="Select a category or topic first"
        />
      )}
      {canImport && (
        <Button variant="outlined" startIcon={<UploadIcon />} onClick={() => setOpen(true)}>
          Import Moodle XML, GIFT or QTI
        </Button>
      )}
      {open && <InterchangeImportDialog topic={ownTopic} onClose={() => setOpen(false)} />}
    </>
  );
}
