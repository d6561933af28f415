import type { QuestionPreview } from '@assess/contracts/questions';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { AppModal } from '../../../components/AppModal';
import { useQuestionPreview } from '../api';
import { QuestionView } from './QuestionView';

/**
 * The Question Preview dialog: either a question as stored (by id, through the preview endpoint, which
 * leaves out the answer and the solution) or the question being edited (its form values).
 */
export function PreviewDialog({
  questionId = null,
  question,
  onClose,
}: {
  questionId?: number | null;
  question?: QuestionPreview;
  onClose: () => void;
}) {
  const stored = useQuestionPreview(question ? null : questionId);
  const q = question ?? stored.data;
  return (
    <AppModal open onClose={onClose} title="Question Preview" maxWidth="md" showCancel cancelText="Close">
      {q ? (
        <QuestionView question={q} />
      ) : stored.isError ? (
        <Alert severity="error">{stored.error.message}</Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the question" />
        </Box>
      )}
    </AppModal>
  );
}
