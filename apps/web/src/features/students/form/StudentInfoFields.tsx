import type { ConfigurationLists } from '@assess/contracts/configuration';
import { isoDay } from '@assess/contracts/students';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { FormDay } from '../../../components/DateField';
import { FormSelect } from '../../../components/FormFields';
import { Cell, Fieldset, LookupCells, TextCells, useStudentForm } from './layout';

const Taken = ({ message }: { message: string | null }) =>
  message ? (
    <Typography color="error" variant="caption" role="alert">
      {message}
    </Typography>
  ) : null;

/** 'Student Information': e-mail first (its lookup may fill the rest), contact, password, address. */
export function StudentInfoFields({
  lists,
  isAdd,
  locked,
  emailTaken,
  mobileTaken,
}: {
  lists: ConfigurationLists | undefined;
  isAdd: boolean;
  /** An existing student found by the e-mail lookup: personal details locked, password kept. */
  locked: boolean;
  emailTaken: string | null;
  mobileTaken: string | null;
}) {
  const { control } = useStudentForm();
  return (
    <Fieldset legend="Student Information">
      <TextCells
        fields={[
          {
            name: 'studentInfo.email',
            label: 'Email',
            required: true,
            after: <Taken message={emailTaken} />,
          },
          { name: 'studentInfo.fullName', label: 'Full Name', required: true, disabled: locked },
          {
            name: 'studentInfo.mobile',
            label: 'Mobile No',
            required: true,
            disabled: locked,
            inputProps: { maxLength: 10, inputMode: 'numeric' },
            after: <Taken message={mobileTaken} />,
          },
        ]}
      />
      <Cell>
        <FormSelect
          control={control}
          name="studentInfo.gender"
          label="Gender"
          required
          disabled={locked}
          onSelect={(raw, set) => set(raw === '' ? '' : Number(raw))}
        >
          <MenuItem value="">
            <em>Select</em>
          </MenuItem>
          <MenuItem value={1}>Male</MenuItem>
          <MenuItem value={2}>Female</MenuItem>
          <MenuItem value={3}>Others</MenuItem>
        </FormSelect>
      </Cell>
      <Cell>
        <FormDay
          control={control}
          name="studentInfo.dob"
          label="Date of Birth"
          required
          disabled={locked}
          max={isoDay(new Date())}
        />
      </Cell>
      <TextCells
        fields={[
          {
            name: 'studentInfo.pinCode',
            label: 'Pin Code',
            disabled: locked,
            inputProps: { maxLength: 6, inputMode: 'numeric' },
          },
          {
            name: 'studentInfo.passCode',
            label: 'Password',
            type: 'password',
            required: isAdd && !locked,
            disabled: locked,
            helper: isAdd ? undefined : 'Leave empty to keep the current password',
            inputProps: { autoComplete: 'new-password' },
          },
          {
            name: 'confirm',
            label: 'Confirm Password',
            type: 'password',
            required: isAdd && !locked,
            disabled: locked,
            inputProps: { autoComplete: 'new-password' },
          },
          { name: 'studentInfo.address', label: 'Address', disabled: locked },
        ]}
      />
      <LookupCells
        fields={[
          { name: 'studentInfo.state', label: 'State', list: 'state' },
          { name: 'studentInfo.city', label: 'City', list: 'city' },
        ]}
        lists={lists}
      />
    </Fieldset>
  );
}
