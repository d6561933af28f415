import { commonMessages } from '@assess/contracts/common';
import {
  defaultReviewOptions,
  type ReviewOptions,
  reviewItemLabels,
  reviewItems,
  reviewMomentLabels,
  reviewMoments,
} from '@assess/contracts/learner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { type Control, Controller } from 'react-hook-form';
import { useToast } from '../../../components/Toast';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { isApiError } from '../../../lib/api';
import { useSaveReviewOptions } from './api';
import type { TestFormValues } from './testForm';

/** Our words (the spec has no review options). */
export const reviewOptionsTexts = {
  title: 'Review options',
  help: 'What a student sees of a finished attempt, and when. Right answers and solutions show before the test closes only to a student with no attempt left; nothing shows while Show Result is off.',
  save: 'Save review options',
  frozen: 'The test is published: its review options can still change.',
} as const;

/**
 * The configuration step's review options (issue 27, after Moodle's review matrix): a row per item (score,
 * own answers, marks per question, right answers, solutions), a column per moment (immediately after the
 * attempt, later while the test is open, after it closes). The server applies them to what it answers.
 * `saveFor`: a published test of the caller's — the matrix stays enabled with its own Save (PUT review-options).
 */
export function ReviewOptionsField({
  control,
  disabled,
  saveFor = null,
}: {
  control: Control<TestFormValues>;
  disabled: boolean;
  saveFor?: number | null;
}) {
  const save = useSaveReviewOptions();
  const toast = useToast();
  const off = disabled && saveFor === null;
  // mutateAsync: the toast shows even when the editor re-renders this step on the refreshed test meanwhile
  const saveNow = async (testId: number, reviewOptions: ReviewOptions) => {
    try {
      toast.success((await save.mutateAsync({ testId, reviewOptions })).message);
    } catch (e) {
      toast.error(isApiError(e) && e.status !== 0 ? e.message : commonMessages.internal);
    }
  };
  return (
    <Controller
      control={control}
      name="reviewOptions"
      render={({ field }) => {
        const value: ReviewOptions = field.value ?? defaultReviewOptions;
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid="review-options">
            <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              {reviewOptionsTexts.title}
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {reviewOptionsTexts.help}
            </Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 14, minWidth: 520 }}>
                <thead>
                  <tr>
                    <Box component="th" scope="col" sx={{ textAlign: 'start', p: 0.5 }}>
                      <Box component="span" sx={visuallyHidden}>
                        Item
                      </Box>
                    </Box>
                    {reviewMoments.map((mo) => (
                      <Box
                        component="th"
                        scope="col"
                        key={mo}
                        sx={{ p: 0.5, fontWeight: 500, width: 150, verticalAlign: 'bottom' }}
                      >
                        {reviewMomentLabels[mo]}
                      </Box>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {reviewItems.map((item) => (
                    <Box component="tr" key={item} sx={{ borderTop: 1, borderColor: 'divider' }}>
                      <Box component="th" scope="row" sx={{ textAlign: 'start', p: 0.5, fontWeight: 400 }}>
                        {reviewItemLabels[item]}
                      </Box>
                      {reviewMoments.map((mo) => (
                        <Box component="td" key={mo} sx={{ textAlign: 'center', p: 0 }}>
                          <Checkbox
                            size="small"
                            checked={value[item][mo]}
                            disabled={off || save.isPending}
                            onBlur={field.onBlur}
                            onChange={(_e, checked) =>
                              field.onChange({ ...value, [item]: { ...value[item], [mo]: checked } })
                            }
                            slotProps={{
                              input: { 'aria-label': `${reviewItemLabels[item]}: ${reviewMomentLabels[mo]}` },
                            }}
                          />
                        </Box>
                      ))}
                    </Box>
                  ))}
                </tbody>
              </Box>
            </Box>
            {saveFor !== null && (
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => void saveNow(saveFor, value)}
                  disabled={save.isPending}
                >
                  {reviewOptionsTexts.save}
                </Button>
                <Typography variant="body2" color="textSecondary">
                  {reviewOptionsTexts.frozen}
                </Typography>
              </Box>
            )}
          </Box>
        );
      }}
    />
  );
}
