import {
  QuestionStatus,
  questionMessages as qm,
  questionRowActions,
  questionStatusNames,
  questionTypeNames,
} from '@assess/contracts/questions';
import { hasTestPrivilege } from '@assess/contracts/quick-tests';
import type { PoolQuestionRow } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PublishIcon from '@mui/icons-material/Publish';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useConfirm } from '../../components/Confirm';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { QuestionDialog } from '../question-bank/dialog/QuestionDialog';
import { usePublishSectionQuestion, useQuestionAction, useRefreshSection, useSectionQuestions } from './api';
import { IconAction } from './IconAction';
import { questionTextColumn } from './questionTextColumn';

/**
 * A section's fixed questions in their order (part 3 §3 "Question row"; part 2 §4 Sections): mark mandatory
 * (MandatoryQuestion), lock/unlock, move up/down and remove; a locked question keeps its place and flags. An own
 * unpublished question opens in the question dialog (Update Question) and an own Ready one can be published
 * ('Test Question published successfully'), with the question bank's rules (part 2 §6, questionRowActions).
 */
export function SectionQuestionGrid({
  testId,
  poolId,
  sectionName,
  readOnly,
}: {
  testId: number;
  poolId: number;
  sectionName: string;
  readOnly: boolean;
}) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useSectionQuestions(testId, poolId, paging.page, paging.pageSize);
  const action = useQuestionAction(testId);
  const toast = useToast();
  const confirm = useConfirm();
  const session = useSignedInSession();
  const mayMandatory = hasTestPrivilege(session.privilegeObject, 'MandatoryQuestion');
  const total = list.data?.totalCount ?? 0;
  const run = action.mutateAsync;
  const publish = usePublishSectionQuestion(testId);
  const publishAsync = publish.mutateAsync;
  const refresh = useRefreshSection(testId);
  const [editing, setEditing] = useState<number | null>(null);

  const columns = useMemo<GridColDef<PoolQuestionRow>[]>(() => {
    const act = async (a: Parameters<typeof run>[0]) => {
      try {
        toast.success((await run(a)).message);
      } catch (e) {
        toast.error(isApiError(e) && e.status !== 0 ? e.message : m.errorOccured, { duration: 5000 });
      }
    };
    return [
      { field: 'sequence', headerName: '#', width: 56 },
      { field: 'code', headerName: 'Code', width: 130 },
      questionTextColumn<PoolQuestionRow>(),
      {
        field: 'questionType',
        headerName: 'Type',
        width: 100,
        valueGetter: (_v, r) => questionTypeNames[r.questionType],
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 105,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={questionStatusNames[row.status]}
            color={row.status === QuestionStatus.Draft ? 'warning' : 'success'}
            variant="outlined"
          />
        ),
      },
      { field: 'providerName', headerName: 'Provider', width: 150 },
      {
        field: 'actions',
        headerName: 'Actions',
        width: 300,
        renderCell: ({ row }) => {
          const ids = { poolId, questionId: row.questionId };
          const off = readOnly || action.isPending;
          const may = questionRowActions(row, session.privilegeObject);
          return (
            <Box sx={{ display: 'flex' }}>
              {may.edit && (
                <IconAction
                  size="small"
                  label={`Edit ${row.code}`}
                  onClick={() => setEditing(row.questionId)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconAction>
              )}
              {may.publish && (
                <IconAction
                  size="small"
                  label={`Publish ${row.code}`}
                  disabled={publish.isPending}
                  color="primary"
                  onClick={async () => {
                    const ok = await confirm({
                      title: 'Publish question',
                      message: `Publish question ${row.code}? A published question can no longer be edited.`,
                      confirmText: 'Publish',
                    });
                    if (!ok) return;
                    try {
                      await publishAsync(row.questionId);
                      toast.success(qm.testQuestionPublished);
                    } catch (e) {
                      toast.error(isApiError(e) && e.status !== 0 ? e.message : m.errorOccured, {
                        duration: 5000,
                      });
                    }
                  }}
                >
                  <PublishIcon fontSize="small" />
                </IconAction>
              )}
              <IconAction
                size="small"
                label={`${row.isMandatory ? 'Not mandatory' : 'Mandatory'}: ${row.code}`}
                disabled={off || row.isLocked || !mayMandatory}
                onClick={() => void act({ ...ids, kind: 'mandatory', isMandatory: !row.isMandatory })}
                color="primary"
              >
                {row.isMandatory ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
              </IconAction>
              <IconAction
                size="small"
                label={`${row.isLocked ? 'Unlock' : 'Lock'} ${row.code}`}
                disabled={off}
                onClick={() => void act({ ...ids, kind: 'lock', lock: !row.isLocked })}
              >
                {row.isLocked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
              </IconAction>
              <IconAction
                size="small"
                label={`Move ${row.code} up`}
                disabled={off || row.isLocked || row.sequence === 1}
                onClick={() => void act({ ...ids, kind: 'move', direction: 'up' })}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconAction>
              <IconAction
                size="small"
                label={`Move ${row.code} down`}
                disabled={off || row.isLocked || row.sequence === total}
                onClick={() => void act({ ...ids, kind: 'move', direction: 'down' })}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconAction>
              <IconAction
                size="small"
                label={`Remove ${row.code}`}
                disabled={off || row.isLocked}
                color="error"
                onClick={async () => {
                  const ok = await confirm({
                    message: `Remove question ${row.code} from the section? It stays in the question bank.`,
                    destructive: true,
                    confirmText: 'Remove',
                  });
                  if (ok) await act({ ...ids, kind: 'remove' });
                }}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconAction>
            </Box>
          );
        },
      },
    ];
  }, [
    poolId,
    readOnly,
    action.isPending,
    mayMandatory,
    total,
    run,
    toast,
    confirm,
    session.privilegeObject,
    publish.isPending,
    publishAsync,
  ]);

  return (
    <>
      {editing !== null && (
        <QuestionDialog
          questionId={editing}
          onClose={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <PagedGrid
        label={`Questions of ${sectionName}`}
        list={list}
        columns={columns}
        getRowId={(r) => r.questionId}
        height={total > 5 ? 500 : 330}
        emptyMessage={list.isError ? list.error.message : 'No fixed questions yet'}
        page={paging.page}
        pageSize={paging.pageSize}
        onPagingChange={setPaging}
      />
    </>
  );
}
