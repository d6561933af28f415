import { hasPrivilege } from '@assess/contracts/access';
import { choiceFormats } from '@assess/contracts/questions';
import { hasTestPrivilege } from '@assess/contracts/quick-tests';
import type { SectionRow } from '@assess/contracts/sections';
import { sectionMessages as m } from '@assess/contracts/tests';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderZipOutlinedIcon from '@mui/icons-material/FolderZipOutlined';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useConfirm } from '../../components/Confirm';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useSectionAction } from './api';
import { IconAction } from './IconAction';
import { SectionQuestionGrid } from './SectionQuestionGrid';

/** One section: what it holds and can supply, its actions, and its fixed questions (folding). */
export function SectionCard({
  testId,
  section: s,
  first,
  last,
  editable,
  userId,
  onEdit,
  onPick,
  onTopics,
  onNewQuestion,
  onUploadSheet,
  onUploadZip,
}: {
  testId: number;
  section: SectionRow;
  first: boolean;
  last: boolean;
  editable: boolean;
  userId: number;
  onEdit: () => void;
  onPick: () => void;
  onTopics: () => void;
  onNewQuestion: () => void;
  onUploadSheet: () => void;
  onUploadZip: () => void;
}) {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const toast = useToast();
  const confirm = useConfirm();
  const action = useSectionAction(testId);
  const [showQuestions, setShowQuestions] = useState(s.fixedCount > 0);
  // questions just added (picker, new question): show them
  const [seenCount, setSeenCount] = useState(s.fixedCount);
  if (s.fixedCount !== seenCount) {
    setSeenCount(s.fixedCount);
    if (s.fixedCount > seenCount) setShowQuestions(true);
  }
  const lockedByOther = s.isLocked && s.lockedBy !== null && s.lockedBy !== userId;
  const canEdit = editable && !lockedByOther && !action.isPending;
  const format = choiceFormats.find((f) => f.id === s.choiceFormat)?.label ?? '';

  const run = async (a: Parameters<typeof action.mutateAsync>[0]) => {
    try {
      toast.success((await action.mutateAsync(a)).message);
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : m.errorOccured, { duration: 5000 });
    }
  };
  const remove = async () => {
    const ok = await confirm({
      title: 'Delete section',
      message: `Delete section ${s.name}? Its questions stay in the question bank.`,
      destructive: true,
      confirmText: 'Delete',
    });
    if (ok) await run({ kind: 'delete', poolId: s.poolId });
  };

  const headingId = `section-${s.poolId}-title`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0, bgcolor: s.isLocked ? 'grey.50' : undefined }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {s.sequenceId}. {s.name}
            <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
              {s.code}
            </Typography>
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', mt: 0.75 }}>
            <Chip size="small" label={`Questions allowed: ${s.questionCount}`} />
            <Chip size="small" variant="outlined" label={`Fixed: ${s.fixedCount}`} />
            {s.mandatoryCount > 0 && (
              <Chip size="small" variant="outlined" label={`Mandatory: ${s.mandatoryCount}`} />
            )}
            {s.randomizeType === 1 && (
              <Chip
                size="small"
                variant="outlined"
                icon={<ShuffleIcon />}
                label={`Random from ${s.topics.length} topic${s.topics.length === 1 ? '' : 's'}`}
              />
            )}
            <Chip
              size="small"
              color={s.warning ? 'warning' : 'success'}
              variant="outlined"
              label={`Can supply: ${s.supply}`}
            />
            <Chip
              size="small"
              variant="outlined"
              label={`Points: ${s.pointsPerQuestion} / ${s.negativePointsPerQuestion}`}
            />
            <Chip size="small" variant="outlined" label={`Choices: ${s.noOfChoices} ${format}`} />
            {s.isMandatoryToPass && <Chip size="small" variant="outlined" label="Mandatory to pass" />}
            {s.isLocked && <Chip size="small" icon={<LockIcon />} label="Locked" />}
          </Box>
          {s.randomizeType === 1 && s.topics.length > 0 && (
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75 }}>
              Topics: {s.topics.map((t) => `${t.name} (${t.available})`).join(', ')}
              {s.questionsPerTopic ? ` · up to ${s.questionsPerTopic} per topic` : ''}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          <IconAction
            label={`Move ${s.name} up`}
            disabled={!canEdit || first}
            onClick={() => void run({ kind: 'move', poolId: s.poolId, direction: 'up' })}
          >
            <ArrowUpwardIcon />
          </IconAction>
          <IconAction
            label={`Move ${s.name} down`}
            disabled={!canEdit || last}
            onClick={() => void run({ kind: 'move', poolId: s.poolId, direction: 'down' })}
          >
            <ArrowDownwardIcon />
          </IconAction>
          <IconAction
            label={`${s.isLocked ? 'Unlock' : 'Lock'} ${s.name}`}
            disabled={!canEdit}
            onClick={() => void run({ kind: 'lock', poolId: s.poolId, lock: !s.isLocked })}
          >
            {s.isLocked ? <LockIcon /> : <LockOpenIcon />}
          </IconAction>
          <IconAction label={`Edit ${s.name}`} disabled={!canEdit} onClick={onEdit}>
            <EditOutlinedIcon />
          </IconAction>
          <IconAction
            label={`Delete ${s.name}`}
            disabled={!canEdit}
            onClick={() => void remove()}
            color="error"
          >
            <DeleteOutlinedIcon />
          </IconAction>
        </Box>
      </Box>
      {s.warning && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {s.warning}
        </Alert>
      )}
      {s.fixedNotReady > 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {s.fixedNotReady} fixed question{s.fixedNotReady === 1 ? ' is' : 's are'} still in Draft: set{' '}
          {s.fixedNotReady === 1 ? 'it' : 'them'} Ready before the test can be Ready.
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {canEdit && (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={onPick}>
            Add Questions
          </Button>
        )}
        {canEdit && hasPrivilege(p, 'Question', 'CreateQuestion') && (
          <Button size="small" variant="outlined" startIcon={<NoteAddOutlinedIcon />} onClick={onNewQuestion}>
            New Question
          </Button>
        )}
        {canEdit && hasTestPrivilege(p, 'AssignTopicsToPool') && (
          <Button size="small" variant="outlined" startIcon={<ShuffleIcon />} onClick={onTopics}>
            Assign Topics
          </Button>
        )}
        {canEdit && (
          <Button size="small" variant="outlined" startIcon={<UploadFileIcon />} onClick={onUploadSheet}>
            Upload Spreadsheet
          </Button>
        )}
        {canEdit && (
          <Button size="small" variant="outlined" startIcon={<FolderZipOutlinedIcon />} onClick={onUploadZip}>
            Upload Zip
          </Button>
        )}
        <Button
          size="small"
          color="inherit"
          startIcon={showQuestions ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          aria-expanded={showQuestions}
          onClick={() => setShowQuestions((v) => !v)}
          sx={{ ml: 'auto' }}
        >
          {showQuestions ? 'Hide' : 'Show'} questions ({s.fixedCount})
        </Button>
      </Box>
      <Collapse in={showQuestions} unmountOnExit>
        <Box sx={{ mt: 1.5 }}>
          <SectionQuestionGrid testId={testId} poolId={s.poolId} sectionName={s.name} readOnly={!canEdit} />
        </Box>
      </Collapse>
    </Paper>
  );
}
