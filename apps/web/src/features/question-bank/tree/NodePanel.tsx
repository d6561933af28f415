import { hasPrivilege } from '@assess/contracts/access';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { usePaging } from '../../../components/usePaging';
import { useSignedInSession } from '../../auth/session';
import { QuestionDialog } from '../dialog/QuestionDialog';
import { QuestionGrid } from '../grid/QuestionGrid';
import { PreviewDialog } from '../preview/PreviewDialog';
import type { TreeItem } from './treeModel';

type Modal = { kind: 'form'; questionId: number | null } | { kind: 'preview'; questionId: number } | null;

/** The selected node: its path, its questions (every topic below it included) and '+ New' for an own leaf topic. */
export function NodePanel({ node, path }: { node: TreeItem; path: string[] }) {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const paging = usePaging();
  const [modal, setModal] = useState<Modal>(null);
  const onEdit = useCallback((questionId: number) => setModal({ kind: 'form', questionId }), []);
  const onPreview = useCallback((questionId: number) => setModal({ kind: 'preview', questionId }), []);
  const isTopic = node.nodeType === 'topic';
  const canAdd =
    isTopic && node.owned && !node.hasTopicChildren && hasPrivilege(p, 'Question', 'CreateQuestion');
  const canView = hasPrivilege(p, 'Question', 'ViewQuestion');

  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="node-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="caption" color="textSecondary" component="p">
            {path.slice(0, -1).join(' › ') || (isTopic ? 'Topic' : 'Category')}
          </Typography>
          <Typography id="node-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {node.name}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {isTopic ? 'Topic' : 'Category'} · {node.subtreeQuestionCount} question(s)
            {isTopic && node.hasTopicChildren ? ' in this topic and its sub-topics' : ''}
            {!node.owned ? ` · ${node.providerName} (subscribed, read-only)` : ''}
          </Typography>
        </Box>
        {canAdd && (
          <Button variant="contained" onClick={() => setModal({ kind: 'form', questionId: null })}>
            + New Question
          </Button>
        )}
      </Stack>
      {canView && (
        <QuestionGrid
          key={node.key}
          label={`Questions of ${node.name}`}
          filters={isTopic ? { topicId: node.id } : { categoryId: node.id }}
          paging={paging}
          compact
          onEdit={onEdit}
          onPreview={onPreview}
        />
      )}
      {modal?.kind === 'form' && (
        <QuestionDialog
          questionId={modal.questionId}
          topicIds={modal.questionId === null && isTopic ? [node.id] : []}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'preview' && (
        <PreviewDialog questionId={modal.questionId} onClose={() => setModal(null)} />
      )}
    </Paper>
  );
}
