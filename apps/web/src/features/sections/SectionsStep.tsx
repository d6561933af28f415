import { checkLicenceLimit } from '@assess/contracts/access';
import { hasTestPrivilege } from '@assess/contracts/quick-tests';
import type { SectionFlow, SectionRow } from '@assess/contracts/sections';
import { sectionMessages as m, testLimits } from '@assess/contracts/tests';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { useToast } from '../../components/Toast';
import { useSignedInSession } from '../auth/session';
import { SpreadsheetUploadDialog } from '../question-bank/import/SpreadsheetUploadDialog';
import { ZipImportDialog } from '../question-bank/import/ZipImportDialog';
import { sectionKeys, useSections } from './api';
import { PickerDialog } from './PickerDialog';
import { SectionCard } from './SectionCard';
import { SectionDialog } from './SectionDialog';
import { SectionQuestionDialog } from './SectionQuestionDialog';
import { TopicsDialog } from './TopicsDialog';

type Open =
  | { kind: 'section'; section: SectionRow | null }
  | { kind: 'picker' | 'topics' | 'question' | 'sheet' | 'zip'; section: SectionRow }
  | null;

/**
 * The sections (pools) of one test (part 2 §2/§4 Sections, part 3 §2 "Questions (pool mapping)"): the sections in
 * order with their counts and the supply warning, move up/down, lock, delete, the section dialog, and per section
 * its fixed questions with the picker, "Assign topics to pool" and the section question dialog. The test
 * editor renders it as its Questions step; `readOnly` (or the server's own rule) turns every change off.
 */
export function SectionsStep({
  testId,
  flow,
  readOnly = false,
}: {
  testId: number;
  /** The full test editor's sections or a quick test's (the section name's rule differs). */
  flow: SectionFlow;
  readOnly?: boolean;
}) {
  const session = useSignedInSession();
  const p = session.privilegeObject;
  const toast = useToast();
  const list = useSections(testId);
  const [open, setOpen] = useState<Open>(null);
  const qc = useQueryClient();
  /** An upload adds questions through a task: the counts are read again when its dialog closes. */
  const closeUpload = () => {
    setOpen(null);
    void qc.invalidateQueries({ queryKey: sectionKeys.test(testId) });
  };
  const data = list.data;
  const editable = !readOnly && Boolean(data?.editable) && hasTestPrivilege(p, 'UpdateTest');
  const sections = data?.sections ?? [];

  const addSection = () => {
    if (sections.length >= testLimits.maxSectionsPerTest) return toast.warning(m.maxSections);
    const over = checkLicenceLimit(session.licenseObject, 'TestSections', sections.length);
    if (over) return toast.warning(over, { duration: 3000 });
    setOpen({ kind: 'section', section: null });
  };

  return (
    <Box component="section" aria-labelledby="sections-title" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="sections-title" component="h2" variant="h6" sx={{ flex: 1 }}>
          Sections
          {data && (
            <Typography component="span" variant="body2" color="textSecondary" sx={{ ml: 1 }}>
              {sections.length} of {data.maxSections}
            </Typography>
          )}
        </Typography>
        {editable && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={addSection}>
            Add Section
          </Button>
        )}
      </Box>
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      {list.isLoading && <Skeleton variant="rounded" height={160} aria-label="Loading the sections" />}
      {data && !readOnly && !data.editable && data.readOnlyReason && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {data.readOnlyReason}
        </Alert>
      )}
      {data && sections.length === 0 && (
        <EmptyState
          message="No sections yet"
          description="A section holds the test's questions: fixed questions you pick, questions drawn at random from topics, or both."
          action={
            editable ? (
              <Button variant="outlined" startIcon={<AddIcon />} onClick={addSection}>
                Add Section
              </Button>
            ) : undefined
          }
        />
      )}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {sections.map((s, i) => (
          <SectionCard
            key={s.poolId}
            testId={testId}
            section={s}
            first={i === 0}
            last={i === sections.length - 1}
            editable={editable}
            userId={session.userDetails.userId}
            onEdit={() => setOpen({ kind: 'section', section: s })}
            onPick={() => setOpen({ kind: 'picker', section: s })}
            onTopics={() => setOpen({ kind: 'topics', section: s })}
            onNewQuestion={() => setOpen({ kind: 'question', section: s })}
            onUploadSheet={() => setOpen({ kind: 'sheet', section: s })}
            onUploadZip={() => setOpen({ kind: 'zip', section: s })}
          />
        ))}
      </Box>
      {/* the dialogs portal out of the editor's form, but React events still bubble to it: stop their submits */}
      <Box component="span" onSubmit={(e) => e.stopPropagation()}>
        {open?.kind === 'section' && (
          <SectionDialog testId={testId} flow={flow} section={open.section} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'picker' && (
          <PickerDialog
            testId={testId}
            poolId={open.section.poolId}
            sectionName={open.section.name}
            allowed={open.section.questionCount}
            held={open.section.fixedCount}
            onClose={() => setOpen(null)}
          />
        )}
        {open?.kind === 'topics' && (
          <TopicsDialog testId={testId} section={open.section} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'question' && (
          <SectionQuestionDialog
            testId={testId}
            poolId={open.section.poolId}
            sectionName={open.section.name}
            onClose={() => setOpen(null)}
          />
        )}
        {open?.kind === 'sheet' && (
          <SpreadsheetUploadDialog
            target={{ topicId: 0, poolId: open.section.poolId }}
            onClose={closeUpload}
          />
        )}
        {open?.kind === 'zip' && (
          <ZipImportDialog target={{ poolId: open.section.poolId }} onClose={closeUpload} />
        )}
      </Box>
    </Box>
  );
}
