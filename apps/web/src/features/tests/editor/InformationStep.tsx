import type { ConfigurationOption } from '@assess/contracts/configuration';
import { testLimits, testMessages } from '@assess/contracts/tests';
import Grid from '@mui/material/Grid';
import { type Control, Controller } from 'react-hook-form';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { useToast } from '../../../components/Toast';
import { AudienceFields, CodeNameFields } from '../../test-series-shared/fields';
import { uploadEditorImage } from './api';
import type { TestFormValues } from './testForm';

type Props = {
  control: Control<TestFormValues>;
  disabled: boolean;
  objectives: ConfigurationOption[] | undefined;
  targetAudiences: ConfigurationOption[] | undefined;
};

function RichField({
  control,
  name,
  label,
  disabled,
}: {
  control: Control<TestFormValues>;
  name: 'description' | 'welcomeMessage' | 'concludeMessage';
  label: string;
  disabled: boolean;
}) {
  const toast = useToast();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <RichTextEditor
          id={`test-${name}`}
          label={label}
          value={field.value ?? ''}
          onChange={(html) => field.onChange(html)}
          onBlur={field.onBlur}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          minHeight={80}
          onUploadImage={async (file) => {
            if (file.size > testLimits.editorImageMaxBytes) {
              toast.error(testMessages.editorImageTooBig);
              throw new Error(testMessages.editorImageTooBig);
            }
            return uploadEditorImage(file);
          }}
        />
      )}
    />
  );
}

/** Step 1, Information (part 3 §2): code, name, objective, target audience, description, welcome, conclude. */
export function InformationStep({ control, disabled, objectives, targetAudiences }: Props) {
  return (
    <Grid container spacing={2}>
      <CodeNameFields control={control} disabled={disabled} noun="Test" limits={testLimits} />
      <AudienceFields
        control={control}
        disabled={disabled}
        objectives={objectives}
        targetAudiences={targetAudiences}
      />
      <Grid size={12}>
        <RichField control={control} name="description" label="Description" disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RichField control={control} name="welcomeMessage" label="Welcome Message" disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <RichField control={control} name="concludeMessage" label="Conclude Message" disabled={disabled} />
      </Grid>
    </Grid>
  );
}
