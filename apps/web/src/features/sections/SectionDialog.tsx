import { choiceFormats } from '@assess/contracts/questions';
import { type SectionFlow, type SectionRow, sectionFormSchemaFor } from '@assess/contracts/sections';
import { sectionMessages as m, testLimits } from '@assess/contracts/tests';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { AppModal } from '../../components/AppModal';
import { BusyButton } from '../../components/BusyButton';
import { FormText, OptionSelect } from '../../components/FormFields';
import { useToast } from '../../components/Toast';
import { isApiError } from '../../lib/api';
import { useSaveSection } from './api';
import { NestedForm } from './NestedForm';

/** The dialog's values as typed (numbers as text); the contracts' schema turns them into the body. */
type SectionFormValues = {
  code: string;
  name: string;
  questionCount: string;
  maxQuestionForScore: string;
  pointsPerQuestion: string;
  negativePointsPerQuestion: string;
  passingScore: string;
  masteryScore: string;
  isMandatoryToPass: boolean;
  noOfChoices: string;
  choiceFormat: number;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const valuesOf = (s: SectionRow | null): SectionFormValues => ({
  code: s?.code ?? '',
  name: s?.name ?? '',
  questionCount: text(s?.questionCount),
  maxQuestionForScore: text(s?.maxQuestionForScore),
  pointsPerQuestion: text(s?.pointsPerQuestion),
  negativePointsPerQuestion: text(s?.negativePointsPerQuestion),
  passingScore: text(s?.passingScore),
  masteryScore: text(s?.masteryScore),
  isMandatoryToPass: s?.isMandatoryToPass ?? false,
  noOfChoices: text(s?.noOfChoices ?? testLimits.noOfChoicesDefault),
  choiceFormat: s?.choiceFormat ?? testLimits.choiceFormatDefault,
});

/**
 * The route's schema with the flow's name rule checks the form; the whole-form message ('Code ,Name & ...') comes
 * back as root.
 */
const inners = {
  full: zodResolver(sectionFormSchemaFor('full')) as unknown as Resolver<SectionFormValues>,
  quick: zodResolver(sectionFormSchemaFor('quick')) as unknown as Resolver<SectionFormValues>,
};
const resolverFor =
  (flow: SectionFlow): Resolver<SectionFormValues> =>
  async (values, ctx, options) => {
    const result = await inners[flow](values, ctx, options);
    const errors: Record<string, unknown> = { ...result.errors };
    if (errors['']) {
      errors.root = errors[''];
      delete errors[''];
    }
    return Object.keys(errors).length
      ? { values: {}, errors: errors as typeof result.errors }
      : { values, errors: {} };
  };

const formatOptions = choiceFormats.map((f) => ({ id: f.id, label: f.label }));

/** Create or update a section (part 3 §5 "Section form", part 2 §5 Section): the same schema as the route. */
export function SectionDialog({
  testId,
  flow,
  section,
  onClose,
}: {
  testId: number;
  /** The full test editor's or a quick test's: the section name's rule differs (sectionNameIssue). */
  flow: SectionFlow;
  /** null: a new section. */
  section: SectionRow | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveSection(testId);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SectionFormValues>({ resolver: resolverFor(flow), defaultValues: valuesOf(section) });
  const { control, handleSubmit, formState, setError } = form;
  const disabled = save.isPending;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const res = await save.mutateAsync({ poolId: section?.poolId ?? null, body: values });
      toast.success(res.message);
      if (res.section.warning) toast.warning(res.section.warning);
      onClose();
    } catch (e) {
      const message = isApiError(e) && e.status !== 0 ? e.message : m.errorCreatingPool;
      setServerError(message);
      if (isApiError(e) && e.fields)
        for (const [name, messages] of Object.entries(e.fields))
          if (name in values) setError(name as keyof SectionFormValues, { message: messages[0] });
    }
  });

  const field = (
    name: keyof SectionFormValues,
    label: string,
    extra: { required?: boolean; helper?: string } = {},
  ) => (
    <FormText
      control={control}
      name={name}
      label={label}
      type={name === 'code' || name === 'name' ? undefined : 'number'}
      disabled={disabled}
      required={extra.required}
      helper={extra.helper}
      inputProps={name === 'code' ? { maxLength: testLimits.sectionCodeMax } : undefined}
    />
  );

  return (
    <AppModal
      open
      onClose={onClose}
      dirty={formState.isDirty}
      title={section ? 'Update Section' : 'Create Section'}
      maxWidth="md"
      fullScreen={phone}
      disableClose={save.isPending}
      showCancel
      actions={
        <BusyButton onClick={() => void submit()} disabled={disabled} busy={save.isPending}>
          {section ? 'Update' : 'Save'}
        </BusyButton>
      }
    >
      <NestedForm
        label={section ? 'Update Section' : 'Create Section'}
        onSubmit={() => void submit()}
        rootMessage={formState.errors.root?.message}
        serverError={serverError}
      >
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            pt: 1,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {field('code', 'Code', { required: true, helper: 'Letters, digits, - and _ (up to 40)' })}
          {field('name', 'Section Name', { required: true, helper: 'At least 5 characters' })}
          {field('questionCount', 'Number of Questions Allowed', { required: true })}
          {field('maxQuestionForScore', 'Max Questions For Score')}
          {field('pointsPerQuestion', 'Points per Question')}
          {field('negativePointsPerQuestion', 'Negative Points per Question', { helper: '0 or less' })}
          {field('passingScore', 'Passing Score')}
          {field('masteryScore', 'Mastery Score', { helper: 'Greater than the passing score' })}
          {field('noOfChoices', 'Number of Choices', { helper: '2 to 6' })}
          <OptionSelect
            control={control}
            name="choiceFormat"
            label="Choice Format"
            options={formatOptions}
            disabled={disabled}
          />
          <Controller
            control={control}
            name="isMandatoryToPass"
            render={({ field: f }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={f.value}
                    onChange={(e) => f.onChange(e.target.checked)}
                    disabled={disabled}
                  />
                }
                label="Is Mandatory to Pass"
              />
            )}
          />
        </Box>
      </NestedForm>
    </AppModal>
  );
}
