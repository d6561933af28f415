import type { ConfigurationLists } from '@assess/contracts/configuration';
import { isoDay } from '@assess/contracts/students';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useWatch } from 'react-hook-form';
import { FormDay } from '../../../components/DateField';
import { Cell, Fieldset, LookupCells, TextCells, type TextSpec, useStudentForm } from './layout';
import { emptySibling } from './values';

/** The sibling's text fields: name, school, mobile and e-mail (before the date of birth), then education. */
const siblingFields: TextSpec[] = [
  { name: 'siblingDetailsList.0.siblingName', label: 'Sibling Name' },
  { name: 'siblingDetailsList.0.schoolCollege', label: 'School / College' },
  { name: 'siblingDetailsList.0.mobile', label: 'Sibling Mobile', inputProps: { maxLength: 10 } },
  { name: 'siblingDetailsList.0.email', label: 'Sibling Email' },
  { name: 'siblingDetailsList.0.education', label: 'Sibling Education' },
];

/** 'Parent Details': the parent's contact and profession, and one optional sibling. */
export function ParentFields({ lists, locked }: { lists: ConfigurationLists | undefined; locked: boolean }) {
  const { control, setValue } = useStudentForm();
  const siblings = useWatch({ control, name: 'siblingDetailsList' }) ?? [];
  return (
    <Fieldset legend="Parent Details">
      <TextCells
        fields={[
          { name: 'studentInfo.fatherName', label: 'Parent Name', disabled: locked },
          {
            name: 'studentInfo.fatherMobile',
            label: 'Parent Mobile',
            disabled: locked,
            inputProps: { maxLength: 10, inputMode: 'numeric' },
          },
          { name: 'studentInfo.fatherEmail', label: 'Parent Email', disabled: locked },
        ]}
      />
      <LookupCells
        fields={[
          {
            name: 'studentInfo.fatherProfession',
            label: 'Parent Profession',
            list: 'profession',
            disabled: locked,
          },
        ]}
        lists={lists}
      />
      <Grid size={12}>
        {siblings.length === 0 ? (
          <Button size="small" onClick={() => setValue('siblingDetailsList', [{ ...emptySibling }])}>
            + Add Sibling
          </Button>
        ) : (
          <Grid container spacing={2}>
            <TextCells fields={siblingFields.slice(0, 4)} />
            <Cell>
              <FormDay
                control={control}
                name="siblingDetailsList.0.dob"
                label="Sibling Date of Birth"
                max={isoDay(new Date())}
              />
            </Cell>
            <TextCells fields={siblingFields.slice(4)} />
            <Grid size={12}>
              <Button size="small" color="inherit" onClick={() => setValue('siblingDetailsList', [])}>
                Remove Sibling
              </Button>
            </Grid>
          </Grid>
        )}
      </Grid>
    </Fieldset>
  );
}
