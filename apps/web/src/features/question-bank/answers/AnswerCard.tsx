import {
  type AnswerItem,
  answerMessages as am,
  QuestionType,
  questionStatusNames,
  questionTypeNames,
} from '@assess/contracts/questions';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { RichContent } from '../../../components/RichContent';
import { formatOf, QuestionImage } from '../content';
import { NumberInput } from '../dialog/fields';

export type Answer = { correctChoices: number[]; numericAnswer: number | null };

/** One question of the answer-setting page: its text, its choices with the answer controls, its solution. */
export function AnswerCard({
  item,
  index,
  answer,
  onChange,
  readOnly,
}: {
  item: AnswerItem;
  /** 1-based position in the session. */
  index: number;
  answer: Answer;
  onChange: (a: Answer) => void;
  readOnly: boolean;
}) {
  const [solution, setSolution] = useState(false);
  const solutionId = useId();
  const headingId = useId();
  const format = formatOf(item.contentType);
  const multi = item.questionType === QuestionType.MCQ;
  const disabled = readOnly || item.readOnly;
  const toggle = (id: number) =>
    onChange({
      ...answer,
      correctChoices: multi
        ? answer.correctChoices.includes(id)
          ? answer.correctChoices.filter((x) => x !== id)
          : [...answer.correctChoices, id].sort()
        : [id],
    });

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="article"
      aria-labelledby={headingId}
      data-testid={`answer-${item.code}`}
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600 }}>
          {index}. {item.code}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {item.topicName}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Chip size="small" label={questionTypeNames[item.questionType]} />
        <Chip size="small" variant="outlined" label={questionStatusNames[item.status]} />
      </Stack>
      <RichContent value={item.text} format={format} />
      <QuestionImage imageId={item.image} alt={`Image of question ${item.code}`} sx={{ mt: 1 }} />
      <Box sx={{ mt: 1.5 }}>
        {item.questionType === QuestionType.Numerical ? (
          <Box sx={{ maxWidth: 240 }}>
            <NumberInput
              label={`Answer of ${item.code}`}
              value={answer.numericAnswer}
              onChange={(v) => onChange({ ...answer, numericAnswer: v })}
              disabled={disabled}
            />
          </Box>
        ) : (
          <Stack
            role={multi ? 'group' : 'radiogroup'}
            aria-label={`Correct ${multi ? 'choices' : 'choice'} of ${item.code}`}
            spacing={0.5}
          >
            {item.choices.map((c) => (
              <FormControlLabel
                key={c.choiceId}
                disabled={disabled}
                sx={{ m: 0, alignItems: 'flex-start' }}
                control={
                  multi ? (
                    <Checkbox
                      checked={answer.correctChoices.includes(c.choiceId)}
                      onChange={() => toggle(c.choiceId)}
                    />
                  ) : (
                    <Radio
                      name={`answer-${item.questionId}`}
                      checked={answer.correctChoices.includes(c.choiceId)}
                      onChange={() => toggle(c.choiceId)}
                    />
                  )
                }
                label={
                  <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
                    <Typography component="span" sx={{ fontWeight: 600, minWidth: 28 }}>
                      {c.label}
                    </Typography>
                    <Box>
                      <RichContent value={c.text} format={format} />
                      <QuestionImage imageId={c.image} alt={`Choice ${c.label} image`} maxHeight={120} />
                    </Box>
                  </Stack>
                }
              />
            ))}
          </Stack>
        )}
      </Box>
      <Button
        size="small"
        sx={{ mt: 1 }}
        aria-expanded={solution}
        aria-controls={solutionId}
        onClick={() => setSolution((s) => !s)}
      >
        {solution ? am.hideSolution : am.showSolution}
      </Button>
      <Collapse in={solution} id={solutionId}>
        <Box sx={{ mt: 1, p: 1.5, bgcolor: 'grey.50', borderRadius: 1 }}>
          {item.solutionText || item.solutionImage ? (
            <>
              <RichContent value={item.solutionText} format={format} />
              <QuestionImage
                imageId={item.solutionImage}
                alt={`Solution image of ${item.code}`}
                sx={{ mt: 1 }}
              />
            </>
          ) : (
            <Typography variant="body2" color="textSecondary">
              No solution given.
            </Typography>
          )}
        </Box>
      </Collapse>
    </Paper>
  );
}
