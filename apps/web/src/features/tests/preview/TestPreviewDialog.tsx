import { testMessages } from '@assess/contracts/tests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AppModal } from '../../../components/AppModal';
import { RichContent } from '../../../components/RichContent';
import { SkeletonGroup } from '../../../components/Skeletons';
import { isApiError } from '../../../lib/api';
import { QuestionView } from '../../question-bank/preview/QuestionView';
import { useTestPreview } from '../editor/api';

/**
 * Preview of a test as a learner sees it (part 3 §7 testDetails, §8 Preview): the welcome message, then page by
 * page (questionsPerPage questions of one section a page) with the section's name, then the conclude message.
 * Random draws show a sample (each attempt draws its own). A test without questions shows the spec's message.
 */
export function TestPreviewDialog({ testId, onClose }: { testId: number; onClose: () => void }) {
  const preview = useTestPreview(testId);
  const [page, setPage] = useState(0);
  const p = preview.data;
  const pages = p?.pages ?? [];
  const current = pages[page];
  const section = current ? p?.sections[current.sectionIndex] : undefined;
  return (
    <AppModal open onClose={onClose} title={p ? `Preview: ${p.name}` : 'Preview'} maxWidth="md">
      {preview.isLoading && (
        <SkeletonGroup label="Loading the preview">
          <Box sx={{ height: 200 }} />
        </SkeletonGroup>
      )}
      {preview.isError && (
        <Alert severity="warning" role="alert">
          {isApiError(preview.error) ? preview.error.message : testMessages.previewEmpty}
        </Alert>
      )}
      {p && current && section && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2">
              {p.code} · {p.duration} minutes · {p.sections.length} section
              {p.sections.length === 1 ? '' : 's'}
            </Typography>
          </Box>
          {page === 0 && p.welcomeMessage && (
            <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
              <RichContent format="html" value={p.welcomeMessage} />
            </Box>
          )}
          <Box component="section" aria-label={`Section ${section.name}`}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              Section {current.sectionIndex + 1}: {section.name}{' '}
              <Typography component="span" variant="body2" color="text.secondary">
                ({section.questionCount} question{section.questionCount === 1 ? '' : 's'}
                {section.randomCount ? `, ${section.randomCount} drawn at random for each attempt` : ''})
              </Typography>
            </Typography>
            {current.questions.map((q) => (
              <Box key={`${q.number}-${q.questionId}`} sx={{ mt: 2 }} data-testid="preview-question">
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
                  <Typography component="h4" variant="subtitle2">
                    Question {q.number}
                  </Typography>
                  {q.random && <Chip size="small" label="Random draw (sample)" />}
                </Box>
                <QuestionView question={q} />
                <Divider sx={{ mt: 2 }} />
              </Box>
            ))}
          </Box>
          {page === pages.length - 1 && p.concludeMessage && (
            <Box sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 1 }}>
              <RichContent format="html" value={p.concludeMessage} />
            </Box>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Button onClick={() => setPage((n) => n - 1)} disabled={page === 0}>
              Previous
            </Button>
            <Typography variant="body2" aria-live="polite" data-testid="preview-page">
              Page {page + 1} of {pages.length}
            </Typography>
            <Button onClick={() => setPage((n) => n + 1)} disabled={page === pages.length - 1}>
              Next
            </Button>
          </Box>
        </Box>
      )}
    </AppModal>
  );
}
