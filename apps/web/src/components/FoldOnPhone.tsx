import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';

/**
 * A bar that, on a phone, folds behind one button (`buttonText`, which controls the element `contentId`);
 * elsewhere it is always shown. `children` gets whether the screen is a phone.
 */
export function FoldOnPhone({
  buttonText,
  contentId,
  children,
}: {
  buttonText: string;
  contentId: string;
  children: (phone: boolean) => ReactNode;
}) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ mb: 2 }}>
      {phone && (
        <Button
          variant="outlined"
          fullWidth
          startIcon={<FilterListIcon />}
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
        >
          {buttonText}
        </Button>
      )}
      <Collapse in={!phone || open}>{children(phone)}</Collapse>
    </Box>
  );
}
