import {
  type ContentFilterId,
  questionMessages as m,
  QUESTION_GRID_HEIGHT,
  type QuestionGridRow,
} from '@assess/contracts/questions';
import type { GridRowId } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useConfirm } from '../../../components/Confirm';
import { PagedGrid } from '../../../components/PagedGrid';
import { useToast } from '../../../components/Toast';
import type { Paging } from '../../../components/usePaging';
import { isApiError } from '../../../lib/api';
import { useSignedInSession } from '../../auth/session';
import { useDeleteQuestion, usePublishQuestion, useQuestionList } from '../api';
import { questionColumns } from './questionColumns';

/** The grid's filters as the page keeps them (the query's optional values, typed). */
export type QuestionFilters = {
  contentFilter?: ContentFilterId;
  topicId?: number;
  categoryId?: number;
  difficultyLevel?: number;
  points?: number;
  status?: number;
  objective?: number;
  targetAudience?: number;
  code?: string;
  contentType?: number;
  questionType?: number;
};

/**
 * The server-paged question grid (page sizes 10–100, 650 px), used by the Questions page and embedded per
 * topic in the category/topic tree. Publish and delete ask first and report the server's message.
 */
export function QuestionGrid({
  label,
  filters,
  paging,
  selectedIds,
  onSelectionChange,
  onEdit,
  onPreview,
  height = QUESTION_GRID_HEIGHT,
  compact = false,
}: {
  label: string;
  filters: QuestionFilters;
  paging: Paging & { onPagingChange: (p: Paging) => void };
  selectedIds?: GridRowId[];
  onSelectionChange?: (ids: GridRowId[]) => void;
  onEdit: (questionId: number) => void;
  onPreview: (questionId: number) => void;
  height?: number;
  /** Embedded beside the tree: provider and difficulty columns hidden (the node says whose it is). */
  compact?: boolean;
}) {
  const session = useSignedInSession();
  const toast = useToast();
  const confirm = useConfirm();
  const publish = usePublishQuestion();
  const remove = useDeleteQuestion();
  const publishAsync = publish.mutateAsync;
  const removeAsync = remove.mutateAsync;
  const list = useQuestionList({ ...filters, pageNumber: paging.page, pageSize: paging.pageSize });
  const p = session.privilegeObject;

  const columns = useMemo(
    () =>
      questionColumns(
        p,
        {
          onEdit: (row) => onEdit(row.questionId),
          onPreview: (row) => onPreview(row.questionId),
          onPublish: async (row: QuestionGridRow) => {
            if (
              !(await confirm({
                title: 'Publish question',
                message: `Publish question ${row.code}? A published question can no longer be edited.`,
                confirmText: 'Publish',
              }))
            )
              return;
            try {
              toast.success((await publishAsync(row.questionId)).message);
            } catch (e) {
              toast.error(isApiError(e) && e.status !== 0 ? e.message : m.createFailed, { duration: 5000 });
            }
          },
          onDelete: async (row: QuestionGridRow) => {
            if (
              !(await confirm({
                message: `Are you sure you want to delete question ${row.code}?`,
                destructive: true,
                confirmText: 'Delete',
              }))
            )
              return;
            try {
              toast.success((await removeAsync(row.questionId)).message);
            } catch (e) {
              toast.error(isApiError(e) ? e.message : m.createFailed, { duration: 5000 });
            }
          },
        },
        compact,
      ),
    [p, onEdit, onPreview, confirm, toast, publishAsync, removeAsync, compact],
  );

  return (
    <PagedGrid
      label={label}
      list={list}
      columns={columns}
      getRowId={(r) => r.questionId}
      height={height}
      checkboxSelection={Boolean(onSelectionChange)}
      selectedIds={selectedIds}
      onSelectionChange={onSelectionChange}
      emptyMessage={list.isError ? list.error.message : 'Questions not found'}
      hiddenColumns={compact ? { providerName: false, difficultyLevel: false } : undefined}
      {...paging}
    />
  );
}
