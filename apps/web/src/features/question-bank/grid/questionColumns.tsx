import { hasPrivilege, type PrivilegeObject } from '@assess/contracts/access';
import {
  difficultyNames,
  questionMessages as m,
  type QuestionGridRow,
  QuestionStatus,
  questionRowActions,
  questionStatusNames,
  questionTypeNames,
} from '@assess/contracts/questions';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublishIcon from '@mui/icons-material/Publish';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { IconAction } from '../../../components/IconAction';
import { RichContent } from '../../../components/RichContent';
import { formatOf, QuestionImage } from '../content';

// filled chips keep white text readable (AA): primary and success, not info
const statusColor = { 1: 'default', 2: 'primary', 3: 'success' } as const;

export type RowHandlers = {
  onEdit: (row: QuestionGridRow) => void;
  onPreview: (row: QuestionGridRow) => void;
  onPublish: (row: QuestionGridRow) => void;
  onDelete: (row: QuestionGridRow) => void;
};

/** An action button; a disabled one keeps its tooltip (why it is off) through a wrapping span. */
function Action({
  label,
  why,
  disabled,
  onClick,
  children,
  color,
}: {
  label: string;
  why?: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
  color?: 'primary' | 'success' | 'error';
}) {
  const tooltip = disabled && why ? why : label.split(' ')[0];
  return (
    <IconAction label={label} tooltip={tooltip} disabled={disabled} onClick={onClick} color={color}>
      {children}
    </IconAction>
  );
}

/**
 * The question grid's columns (§2): code, question text (or the italic 'Image Based Question' with the
 * image in a tooltip), provider name, type, status, difficulty and the row actions with the ownership and
 * status rules of §6 (edit/delete off for another provider's or a published question, publish only from
 * Ready).
 */
export function questionColumns(
  p: Pick<PrivilegeObject, 'privileges'>,
  h: RowHandlers,
  /** Narrower columns for the grid beside the tree. */
  compact = false,
): GridColDef<QuestionGridRow>[] {
  const mayUpdate = hasPrivilege(p, 'Question', 'UpdateQuestion');
  const mayDelete = hasPrivilege(p, 'Question', 'DeleteQuestion');
  const mayPublish = hasPrivilege(p, 'Question', 'PublishQuestion');
  const whyLocked = (row: QuestionGridRow) =>
    !row.owned ? `This question belongs to ${row.providerName}` : m.publishedNotEditable;
  return [
    {
      field: 'code',
      headerName: 'Code',
      // 20 of the widest letters take two lines at 13 px in 130 px of text
      width: compact ? 150 : 160,
      // a code (up to 20 characters) is shown whole: it wraps onto a second line instead of being cut; one
      // line or two, it sits in the middle of the row like the other cells
      renderCell: ({ row }) => (
        <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
          <Box
            component="span"
            data-testid="question-code"
            sx={{ whiteSpace: 'normal', wordBreak: 'break-all', fontSize: 13, lineHeight: 1.2 }}
          >
            {row.code}
          </Box>
        </Box>
      ),
    },
    {
      field: 'text',
      headerName: 'Question',
      flex: 1,
      // 1366 px beside the menu leaves the grid 1056 px: every column fits, with room for a vertical scrollbar
      minWidth: compact ? 150 : 200,
      renderCell: ({ row }) =>
        row.text ? (
          <RichContent value={row.text} format={formatOf(row.contentType)} singleLine />
        ) : (
          <Tooltip
            title={
              <QuestionImage imageId={row.image} alt={`Image of question ${row.code}`} maxHeight={220} />
            }
            slotProps={{
              tooltip: { sx: { bgcolor: 'background.paper', boxShadow: 3, p: 1, maxWidth: 360 } },
            }}
          >
            <Box component="em" tabIndex={0} sx={{ color: 'text.secondary' }}>
              {m.imageBasedQuestion}
            </Box>
          </Tooltip>
        ),
    },
    { field: 'providerName', headerName: 'Provider', width: 150 },
    {
      field: 'questionType',
      headerName: 'Type',
      width: compact ? 95 : 100,
      valueGetter: (_v, row) => questionTypeNames[row.questionType],
    },
    {
      field: 'status',
      headerName: 'Status',
      width: compact ? 100 : 105,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          label={questionStatusNames[row.status]}
          color={statusColor[row.status]}
          variant={row.status === QuestionStatus.Draft ? 'outlined' : 'filled'}
        />
      ),
    },
    {
      field: 'difficultyLevel',
      headerName: 'Difficulty',
      width: 100,
      valueGetter: (_v, row) => difficultyNames[row.difficultyLevel],
    },
    {
      field: 'actions',
      headerName: 'Actions',
      width: compact ? 150 : 170,
      renderCell: ({ row }) => {
        const a = questionRowActions(row, p);
        return (
          <Box sx={{ display: 'flex' }}>
            {mayUpdate && (
              <Action
                label={`Edit ${row.code}`}
                why={whyLocked(row)}
                disabled={!a.edit}
                onClick={() => h.onEdit(row)}
              >
                <EditOutlinedIcon fontSize="small" />
              </Action>
            )}
            {a.preview && (
              <Action label={`Preview ${row.code}`} disabled={false} onClick={() => h.onPreview(row)}>
                <VisibilityIcon fontSize="small" />
              </Action>
            )}
            {mayPublish && (
              <Action
                label={`Publish ${row.code}`}
                why={row.owned ? m.onlyReadyPublishes : whyLocked(row)}
                disabled={!a.publish}
                onClick={() => h.onPublish(row)}
                color="success"
              >
                <PublishIcon fontSize="small" />
              </Action>
            )}
            {mayDelete && (
              <Action
                label={`Delete ${row.code}`}
                why={whyLocked(row)}
                disabled={!a.delete}
                onClick={() => h.onDelete(row)}
                color="error"
              >
                <DeleteOutlinedIcon fontSize="small" />
              </Action>
            )}
          </Box>
        );
      },
    },
  ];
}
