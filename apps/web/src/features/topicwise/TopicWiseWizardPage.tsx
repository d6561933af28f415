import { lockedConfigurationFields } from '@assess/contracts/tests';
import {
  topicwiseMessages as m,
  type TopicwiseCreate,
  topicwiseCreateSchema,
  topicwiseDefaults,
} from '@assess/contracts/topicwise';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { resetListPaging } from '../../components/listPaging';
import { useToast } from '../../components/Toast';
import { NamedForm, WizardButtons, WizardStepper } from '../../components/Wizard';
import { isApiError } from '../../lib/api';
import { useSignedInSession } from '../auth/session';
import { useTestLookups } from '../tests/editor/api';
import { type TopicwiseFormValues, topicStepIssue, useCreateTopicwise } from './api';
import { CodesDialog } from './CodesDialog';
import { ConfigurationStep } from './ConfigurationStep';
import { SectionStep } from './SectionStep';
import { TopicsStep } from './TopicsStep';

const LIST = '/admin/testhome';
const steps = ['Select Topics', 'Section Configuration', 'Test Configuration'] as const;
const stepFields = ['topics', 'poolconfiguration', 'testconfiguration'] as const;
/** Redirect delay after creation (part 3 §9). */
const REDIRECT_MS = 2000;
/** The licence warning's toast (part 3 §9: 3 s). */
const LICENCE_WARNING_MS = 3000;
/** 200 messages that keep the user on the page (§8). */
const stayMessages: readonly string[] = [m.codeExists, m.nameExists];

/**
 * The topic-wise test wizard (/admin/tests, CreateTopicwiseTest; part 3 §2, §4, §5, §8): three steps, each
 * checked with the one create schema before the next; 'Create Tests' posts createTests or
 * CreateCombinedTopicsTest and acts on the answer as §8 says.
 */
export function Component() {
  const navigate = useNavigate();
  const toast = useToast();
  const lookups = useTestLookups();
  const session = useSignedInSession();
  const locked = new Set<string>(lockedConfigurationFields(session.privilegeObject));
  const create = useCreateTopicwise();
  const [step, setStep] = useState(0);
  const [category, setCategory] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [partial, setPartial] = useState<{ message: string; codes: string[] } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // §9: the test, question and course lists go back to page 1, size 10 when this page opens
  useEffect(() => resetListPaging(), []);
  const form = useForm<TopicwiseFormValues, unknown, TopicwiseCreate>({
    resolver: zodResolver(topicwiseCreateSchema),
    defaultValues: structuredClone(topicwiseDefaults) as TopicwiseFormValues,
    mode: 'onTouched',
  });
  const toList = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigate(LIST), REDIRECT_MS);
  };

  const next = async () => {
    if (!(await form.trigger(stepFields[step]))) return;
    if (step === 0) {
      // §5: the licence's Tests limit is checked before the topics are taken (the warning stays 3 s, §9)
      const issue = await topicStepIssue(form.getValues('topics.topicIds')?.length ?? 0);
      if (issue) return toast.warning(issue, { duration: LICENCE_WARNING_MS });
    }
    setStep((s) => s + 1);
  };

  const submit = form.handleSubmit(
    async (body) => {
      setProblems([]);
      try {
        const res = await create.mutateAsync(body);
        if (res.message === null) {
          toast.success(m.created);
          toList();
        } else if (res.taskId !== null) {
          toast.info(res.message, { duration: 4000 });
          toList();
        } else {
          toast.error(res.message);
          if (!stayMessages.includes(res.message)) toList();
        }
      } catch (e) {
        if (isApiError(e) && e.status === 409 && e.fields?.codes) {
          setPartial({ message: e.message, codes: e.fields.codes });
        } else if (isApiError(e) && e.status !== 0) {
          toast.error(e.message);
          const listed = e.fields?.['topics.topicIds'];
          if (listed && listed.length > 1) setProblems(listed);
        } else toast.error(m.notAllCreated);
      }
    },
    () => {
      // an earlier step's error: show that step
      const errors = form.formState.errors;
      const first = stepFields.findIndex((f) => errors[f]);
      if (first >= 0 && first !== step) setStep(first);
    },
  );

  const working = create.isPending;
  const last = step === steps.length - 1;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        Topic-wise Tests
      </Typography>
      <WizardStepper steps={steps} step={step} />
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <NamedForm label={steps[step]} onSubmit={() => (last ? void submit() : void next())}>
          {step === 0 && (
            <TopicsStep
              control={form.control}
              category={category}
              onCategory={setCategory}
              objectives={lookups.data?.objective}
              targetAudiences={lookups.data?.targetAudience}
            />
          )}
          {step === 1 && <SectionStep control={form.control} />}
          {step === 2 && (
            <ConfigurationStep
              control={form.control}
              objectives={lookups.data?.objective}
              targetAudiences={lookups.data?.targetAudience}
              locked={locked}
            />
          )}
          <WizardButtons step={step} onPrevious={() => setStep((s) => s - 1)} listPath={LIST} busy={working}>
            <Button type="submit" variant="contained" disabled={working}>
              {last ? (working ? m.creatingTests : m.createTests) : 'Next'}
            </Button>
          </WizardButtons>
        </NamedForm>
      </Paper>
      {partial && <CodesDialog message={partial.message} codes={partial.codes} onOk={() => navigate(LIST)} />}
    </Box>
  );
}
