import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { TreeItem } from './treeModel';

/** 'Find a topic': the text that narrows a topic list. */
export const TopicFilter = ({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
}) => (
  <TextField
    size="small"
    fullWidth
    label="Find a topic"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    disabled={disabled}
    sx={{ mb: 1 }}
  />
);

/** A line of a topic list that is not a topic: loading, nothing to show, what to do first. */
export const TopicListNote = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" sx={{ p: 1 }} color="textSecondary">
    {children}
  </Typography>
);

/**
 * The bordered, scrolling frame of a topic list (red when the field is in error), saying 'Loading topics…'
 * while the tree loads. `label` names it as a group.
 */
export function TopicListFrame({
  error,
  maxHeight,
  loading,
  label,
  mt,
  children,
}: {
  error: boolean;
  maxHeight: number;
  loading: boolean;
  label?: string;
  mt?: number;
  children: ReactNode;
}) {
  return (
    <Box
      role={label ? 'group' : undefined}
      aria-label={label}
      sx={{
        mt,
        border: 1,
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        maxHeight,
        overflowY: 'auto',
        py: 0.5,
      }}
    >
      {loading && <TopicListNote>Loading topics…</TopicListNote>}
      {children}
    </Box>
  );
}

/**
 * The category/topic tree as a checklist: categories as headings (with their provider when `withProvider`
 * and not owned), topics as checkboxes; only the rows in `shown` (all when null).
 */
export function TopicChecklist({
  rows,
  shown,
  checked,
  onToggle,
  disabled,
  withProvider,
}: {
  rows: readonly TreeItem[];
  shown: Set<string> | null;
  checked: readonly number[];
  onToggle: (id: number) => void;
  disabled?: boolean;
  withProvider?: boolean;
}) {
  return rows
    .filter((n) => !shown || shown.has(n.key))
    .map((n) =>
      n.nodeType === 'category' ? (
        <Stack
          key={n.key}
          direction="row"
          spacing={0.75}
          sx={{ pl: 1 + n.level * 2.5, py: 0.5, alignItems: 'center', color: 'text.secondary' }}
        >
          <FolderOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {n.name}
            {withProvider && !n.owned ? ` (${n.providerName})` : ''}
          </Typography>
        </Stack>
      ) : (
        <Box key={n.key} sx={{ pl: n.level * 2.5 }}>
          <FormControlLabel
            sx={{ m: 0 }}
            control={
              <Checkbox
                size="small"
                checked={checked.includes(n.id)}
                onChange={() => onToggle(n.id)}
                disabled={disabled}
              />
            }
            label={<Typography variant="body2">{n.name}</Typography>}
          />
        </Box>
      ),
    );
}
