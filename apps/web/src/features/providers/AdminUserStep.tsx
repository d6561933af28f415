import type { AdminUserForm } from '@assess/contracts/providers';
import Box from '@mui/material/Box';
import type { Control } from 'react-hook-form';
import { FormMobile, FormText } from '../../components/FormFields';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 } as const;

/**
 * Wizard step 2, Provider User Admin (part 3 §5 "Provider wizard (step 2)"). The user name is the e-mail.
 * Editing: the password is never shown (D1); left empty it stays as it is.
 */
export function AdminUserStep({
  control,
  editing,
  disabled,
}: {
  control: Control<AdminUserForm>;
  editing: boolean;
  disabled: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <FormText control={control} name="firstName" label="First Name" required disabled={disabled} />
        <FormText control={control} name="lastName" label="Last Name" required disabled={disabled} />
        <FormText
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          disabled={disabled}
          helper="The admin signs in with this e-mail as user name."
        />
        <FormMobile control={control} name="mobile" disabled={disabled} />
      </Box>
      <FormText control={control} name="address" label="Address" required disabled={disabled} />
      <Box sx={grid}>
        <FormText
          control={control}
          name="password"
          label="Password"
          type="password"
          required={!editing}
          disabled={disabled}
          helper={editing ? 'Leave empty to keep the current password.' : undefined}
          inputProps={{ autoComplete: 'new-password' }}
        />
        <FormText
          control={control}
          name="confirmPassword"
          label="Confirm Password"
          type="password"
          required={!editing}
          disabled={disabled}
          inputProps={{ autoComplete: 'new-password' }}
        />
      </Box>
    </Box>
  );
}
