import type { ConfigurationLists } from '@assess/contracts/configuration';
import type { StudentForm, StudentFormInput } from '@assess/contracts/students';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type FieldPath, useFormContext } from 'react-hook-form';
import { FormText, type FormTextOptions, LookupSelect } from '../../../components';

/** One titled group of the student form, its fields on a responsive grid. */
export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 1 }}>
        {legend}
      </Typography>
      <Grid container spacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

/** A field's cell: one column on a phone, two on a tablet, three on a desktop (or the whole row). */
export const Cell = ({ children, wide }: { children: ReactNode; wide?: boolean }) => (
  <Grid size={{ xs: 12, sm: wide ? 12 : 6, md: wide ? 12 : 4 }}>{children}</Grid>
);

/** The student form's react-hook-form methods (the modal provides them). */
export const useStudentForm = () => useFormContext<StudentFormInput, unknown, StudentForm>();

type Name = FieldPath<StudentFormInput>;

/** A text field of the student form: its path and FormText's options; `after` stands below it. */
export type TextSpec = FormTextOptions & { name: Name; after?: ReactNode };

/** Text fields of the student form, a cell each. */
export function TextCells({ fields }: { fields: readonly TextSpec[] }) {
  const { control } = useStudentForm();
  return fields.map(({ after, ...f }) => (
    <Cell key={f.name}>
      <FormText control={control} {...f} />
      {after}
    </Cell>
  ));
}

/** A configuration select of the student form: its path, label and the configuration list it offers. */
export type LookupSpec = {
  name: Name;
  label: string;
  list: keyof ConfigurationLists;
  required?: boolean;
  disabled?: boolean;
};

/** Configuration selects of the student form, a cell each. */
export function LookupCells({
  fields,
  lists,
}: {
  fields: readonly LookupSpec[];
  lists: ConfigurationLists | undefined;
}) {
  const { control } = useStudentForm();
  return fields.map(({ list, ...f }) => (
    <Cell key={f.name}>
      <LookupSelect control={control} {...f} options={lists?.[list]} />
    </Cell>
  ));
}
