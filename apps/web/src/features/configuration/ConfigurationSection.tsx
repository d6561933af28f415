import {
  type AddConfigurationValue,
  addConfigurationValueSchema,
  CONFIGURATION_GRID_HEIGHT,
  type ConfigurationKey,
  type ConfigurationValue,
  configurationLabels,
  configurationMessages,
} from '@assess/contracts/configuration';
import { zodResolver } from '@hookform/resolvers/zod';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { PagedGrid } from '../../components/PagedGrid';
import { useToast } from '../../components/Toast';
import { usePaging } from '../../components/usePaging';
import { isApiError } from '../../lib/api';
import { useAddConfigurationValue, useConfigurationValues, useSetConfigurationActive } from './api';

type Props = {
  typeKey: ConfigurationKey;
  expanded: boolean;
  onToggle: () => void;
  canAdd: boolean;
  canToggle: boolean;
};

/** One collapsible section of the page: a text box with '+ Add' and a 500 px grid (value, Action). */
export function ConfigurationSection({ typeKey, expanded, onToggle, canAdd, canToggle }: Props) {
  const title = configurationLabels[typeKey];
  const toast = useToast();
  const values = useConfigurationValues(typeKey, { includeInactive: true, enabled: expanded });
  const addValue = useAddConfigurationValue();
  const setActive = useSetConfigurationActive(typeKey);
  const paging = usePaging();
  const form = useForm<AddConfigurationValue>({
    resolver: zodResolver(addConfigurationValueSchema),
    defaultValues: { key: typeKey, value: '' },
  });

  const onAdd = form.handleSubmit(
    async (body) => {
      try {
        const saved = await addValue.mutateAsync(body);
        toast.success(saved.message.trim());
        form.reset({ key: typeKey, value: '' });
        // show the page the new value lands on (the last one)
        const total = (values.data?.items.length ?? 0) + 1;
        paging.onPagingChange({ page: Math.ceil(total / paging.pageSize), pageSize: paging.pageSize });
      } catch (e) {
        const known = isApiError(e) && e.status >= 400 && e.status < 500;
        const message = known
          ? e.message
          : typeKey === 'Class'
            ? configurationMessages.classAddFailed
            : isApiError(e)
              ? e.message
              : String(e);
        if (isApiError(e) && e.status === 400) form.setError('value', { message });
        toast.error(message);
      }
    },
    (errors) => {
      if (errors.value?.message) toast.error(errors.value.message);
    },
  );

  const mutateActive = setActive.mutate;
  const onSwitch = useCallback(
    (row: ConfigurationValue, isActive: boolean) =>
      mutateActive(
        { id: row.id, isActive },
        {
          onSuccess: (res) => toast.success(res.message),
          onError: (e) => toast.error(isApiError(e) ? e.message : configurationMessages.inUse[typeKey]),
        },
      ),
    [mutateActive, toast, typeKey],
  );

  const columns = useMemo<GridColDef<ConfigurationValue>[]>(
    () => [
      { field: 'label', headerName: title, flex: 1, minWidth: 160 },
      canToggle
        ? {
            field: 'isActive',
            headerName: 'Action',
            width: 120,
            renderCell: ({ row }) => (
              <Switch
                checked={row.isActive}
                onChange={(_e, checked) => onSwitch(row, checked)}
                slotProps={{ input: { 'aria-label': `${row.label} active` } }}
              />
            ),
          }
        : {
            field: 'isActive',
            headerName: 'Status',
            width: 120,
            renderCell: ({ row }) => (row.isActive ? 'Active' : 'Inactive'),
          },
    ],
    [title, canToggle, onSwitch],
  );

  const rows = values.data?.items ?? [];
  const pageRows = rows.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
  const id = `config-${typeKey}`;

  return (
    <Accordion expanded={expanded} onChange={onToggle} disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
          {title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`} sx={{ display: 'grid', gap: 2 }}>
        {canAdd && (
          <Box
            component="form"
            noValidate
            onSubmit={onAdd}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}
          >
            <TextField
              {...form.register('value')}
              label={title}
              size="small"
              error={Boolean(form.formState.errors.value)}
              helperText={form.formState.errors.value?.message}
              sx={{ flex: '1 1 240px', maxWidth: 420 }}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <Button type="submit" variant="contained" disabled={addValue.isPending} sx={{ minWidth: 96 }}>
              {addValue.isPending ? 'Adding...' : '+ Add'}
            </Button>
          </Box>
        )}
        <PagedGrid
          label={title}
          rows={pageRows}
          columns={columns}
          rowCount={rows.length}
          {...paging}
          loading={values.isLoading}
          height={CONFIGURATION_GRID_HEIGHT}
        />
      </AccordionDetails>
    </Accordion>
  );
}
