import { hasPrivilege } from '@assess/contracts/access';
import {
  ContentFilter,
  type ContentFilterId,
  contentFilterNames,
  mayOfferNewQuestion,
} from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { GridRowId } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { useListPaging } from '../../components/listPaging';
import { useSignedInSession } from '../auth/session';
import { useQuestionLookups, useTree } from './api';
import { QuestionDialog } from './dialog/QuestionDialog';
import { BulkUpdateBar } from './grid/BulkUpdateBar';
import { QuestionFiltersBar } from './grid/QuestionFiltersBar';
import { type QuestionFilters, QuestionGrid } from './grid/QuestionGrid';
import { ExportMenu } from './interchange/ExportMenu';
import { PreviewDialog } from './preview/PreviewDialog';

type Modal = { kind: 'form'; questionId: number | null } | { kind: 'preview'; questionId: number } | null;
const contentFilters: ContentFilterId[] = [ContentFilter.All, ContentFilter.Owned, ContentFilter.Subscribed];

/**
 * Questions (/admin/questions, spec part 2 §2): the All / Owned / Subscribed toggle, the filters, the
 * bulk-update bar, the server-paged grid with its row actions, '+ New', and preview by id
 * (/admin/questions?preview=<id>).
 */
export function QuestionsPage() {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const can = (name: string) => hasPrivilege(p, 'Question', name);
  const paging = useListPaging('questions');
  const [filters, setFilters] = useState<QuestionFilters>({ contentFilter: ContentFilter.All });
  const [selected, setSelected] = useState<GridRowId[]>([]);
  const [params, setParams] = useSearchParams();
  const previewId = Number(params.get('preview')) || null;
  const [modal, setModal] = useState<Modal>(null);
  const tree = useTree(ContentFilter.All);
  const lookups = useQuestionLookups();
  const resetPage = paging.reset;

  const changeFilters = useCallback(
    (next: QuestionFilters) => {
      setFilters(next);
      setSelected([]);
      resetPage();
    },
    [resetPage],
  );
  const onEdit = useCallback((questionId: number) => setModal({ kind: 'form', questionId }), []);
  const onPreview = useCallback((questionId: number) => setModal({ kind: 'preview', questionId }), []);

  if (!can('ViewQuestion')) return <EmptyState message="Questions not found" />;

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { xs: 'stretch', md: 'center' } }}
      >
        {/* the top bar carries the page's title (h1) */}
        <Box sx={{ flexGrow: 1 }} />
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Questions shown"
          value={filters.contentFilter ?? ContentFilter.All}
          onChange={(_e, v: ContentFilterId | null) =>
            v !== null && changeFilters({ ...filters, contentFilter: v })
          }
        >
          {contentFilters.map((f) => (
            <ToggleButton key={f} value={f} sx={{ px: 2 }}>
              {contentFilterNames[f]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {can('UpdateQuestion') && (
          <ExportMenu
            label="Export selected"
            query={selected.length ? { questionIds: selected.map(Number) } : null}
            disabledReason="Select questions in the grid first"
          />
        )}
        {tree.data &&
          mayOfferNewQuestion(p, tree.data.nodes.filter((n) => n.owned && n.nodeType === 'topic').length) && (
            <Button variant="contained" onClick={() => setModal({ kind: 'form', questionId: null })}>
              + New
            </Button>
          )}
      </Stack>
      <QuestionFiltersBar
        value={filters}
        onChange={changeFilters}
        nodes={tree.data?.nodes ?? []}
        objectives={lookups.data?.objective}
        targetAudiences={lookups.data?.targetAudience}
      />
      {can('UpdateQuestion') && (
        <BulkUpdateBar
          selectedIds={selected.map(Number)}
          onDone={() => setSelected([])}
          onSearch={(f) => changeFilters({ ...filters, ...f })}
          lookups={lookups.data}
          nodes={tree.data?.nodes ?? []}
          canPublish={can('PublishQuestion')}
        />
      )}
      <QuestionGrid
        label="Questions"
        filters={filters}
        paging={paging}
        selectedIds={can('UpdateQuestion') ? selected : undefined}
        onSelectionChange={can('UpdateQuestion') ? setSelected : undefined}
        onEdit={onEdit}
        onPreview={onPreview}
      />
      {modal?.kind === 'form' && (
        <QuestionDialog questionId={modal.questionId} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'preview' && (
        <PreviewDialog questionId={modal.questionId} onClose={() => setModal(null)} />
      )}
      {previewId && !modal && (
        <PreviewDialog
          questionId={previewId}
          onClose={() =>
            setParams(
              (prev) => {
                prev.delete('preview');
                return prev;
              },
              { replace: true },
            )
          }
        />
      )}
    </Box>
  );
}

export { QuestionsPage as Component };
