import { AppModal } from '../../components/AppModal';
import { EvaluationView, evaluationTexts } from '../learner/EvaluationDialog';
import { useStaffEvaluation } from './api';

/**
 * A student's attempt from the analytics' top five, in the learner's evaluation view (issue 24): staff see
 * everything (score, answers, right answers, solutions, marks), whatever the test's review options.
 */
export function StaffEvaluationDialog({
  attemptId,
  studentName,
  onClose,
}: {
  attemptId: number;
  studentName: string;
  onClose: () => void;
}) {
  return (
    <AppModal open onClose={onClose} title={evaluationTexts.title(studentName)} maxWidth="md">
      <EvaluationView ev={useStaffEvaluation(attemptId)} />
    </AppModal>
  );
}
