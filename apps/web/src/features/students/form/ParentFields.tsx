import type { ConfigurationLists } from '@assess/contracts/configuration';
import { isoDay } from '@assess/contracts/students';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { useWatch } from 'react-hook-form';
import { FormText, LookupSelect } from '../../../components';
import { FormDay } from '../../../components/DateField';
import { Cell, Fieldset, useStudentForm } from './layout';
import { emptySibling } from './values';

/** 'Parent Details': the parent's contact and profession, and one optional sibling. */
export function ParentFields({ lists, locked }: { lists: ConfigurationLists | undefined; locked: boolean }) {
  const { control, setValue } = useStudentForm();
  const siblings = useWatch({ control, name: 'siblingDetailsList' }) ?? [];
  return (
    <Fieldset legend="Parent Details">
      <Cell>
        <FormText control={control} name="studentInfo.fatherName" label="Parent Name" disabled={locked} />
      </Cell>
      <Cell>
        <FormText
          control={control}
          name="studentInfo.fatherMobile"
          label="Parent Mobile"
          disabled={locked}
          inputProps={{ maxLength: 10, inputMode: 'numeric' }}
        />
      </Cell>
      <Cell>
        <FormText control={control} name="studentInfo.fatherEmail" label="Parent Email" disabled={locked} />
      </Cell>
      <Cell>
        <LookupSelect
          control={control}
          name="studentInfo.fatherProfession"
          label="Parent Profession"
          options={lists?.profession}
          disabled={locked}
        />
      </Cell>
      <Grid size={12}>
        {siblings.length === 0 ? (
          <Button size="small" onClick={() => setValue('siblingDetailsList', [{ ...emptySibling }])}>
            + Add Sibling
          </Button>
        ) : (
          <Grid container spacing={2}>
            <Cell>
              <FormText control={control} name="siblingDetailsList.0.siblingName" label="Sibling Name" />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="siblingDetailsList.0.schoolCollege"
                label="School / College"
              />
            </Cell>
            <Cell>
              <FormText
                control={control}
                name="siblingDetailsList.0.mobile"
                label="Sibling Mobile"
                inputProps={{ maxLength: 10 }}
              />
            </Cell>
            <Cell>
              <FormText control={control} name="siblingDetailsList.0.email" label="Sibling Email" />
            </Cell>
            <Cell>
              <FormDay
                control={control}
                name="siblingDetailsList.0.dob"
                label="Sibling Date of Birth"
                max={isoDay(new Date())}
              />
            </Cell>
            <Cell>
              <FormText control={control} name="siblingDetailsList.0.education" label="Sibling Education" />
            </Cell>
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
