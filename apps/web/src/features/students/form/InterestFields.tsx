import type { ConfigurationOption } from '@assess/contracts/configuration';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { Controller } from 'react-hook-form';
import { Fieldset, useStudentForm } from './layout';

/** 'Interest': a checkbox per interest of the provider, and 'All Selects'. */
export function InterestFields({ interests }: { interests: ConfigurationOption[] }) {
  const { control } = useStudentForm();
  return (
    <Fieldset legend="Interest">
      <Grid size={12}>
        <Controller
          control={control}
          name="interestList"
          render={({ field }) => {
            const chosen = new Set(field.value ?? []);
            const allChosen = interests.length > 0 && interests.every((i) => chosen.has(i.id));
            return (
              <>
                <FormControlLabel
                  label="All Selects"
                  control={
                    <Checkbox
                      checked={allChosen}
                      indeterminate={!allChosen && chosen.size > 0}
                      onChange={(e) => field.onChange(e.target.checked ? interests.map((i) => i.id) : [])}
                    />
                  }
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                  {interests.map((i) => (
                    <FormControlLabel
                      key={i.id}
                      label={i.value}
                      control={
                        <Checkbox
                          checked={chosen.has(i.id)}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked ? [...chosen, i.id] : [...chosen].filter((x) => x !== i.id),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </Box>
              </>
            );
          }}
        />
      </Grid>
    </Fieldset>
  );
}
