import type { ReadinessReport } from '@assess/contracts/tests';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

/** The readiness rule item by item: what holds, and what is missing under each item that does not. */
export function ReadinessPanel({ report }: { report: ReadinessReport }) {
  return (
    <Box component="section" aria-labelledby="readiness-title" data-testid="readiness">
      <Typography id="readiness-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {report.ready ? 'The test meets every readiness item' : 'Before the test can be Ready'}
      </Typography>
      <List dense disablePadding>
        {report.items.map((item) => (
          <ListItem key={item.key} disableGutters data-ok={item.ok}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              {item.ok ? (
                <CheckCircleOutline color="success" titleAccess="Met" />
              ) : (
                <ErrorOutline color="error" titleAccess="Missing" />
              )}
            </ListItemIcon>
            <ListItemText primary={item.message} secondary={item.ok ? undefined : item.details.join(' ')} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
