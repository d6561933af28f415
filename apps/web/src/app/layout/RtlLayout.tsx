import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';
import { useLayoutEffect, useMemo } from 'react';
import { createAppTheme } from '../theme';
import { AdminLayout } from './AdminLayout';

/**
 * /rtl: the admin layout right to left (spec part 1 §2 "right-to-left demo layout"). It sets dir="rtl" on
 * <html> (so portals such as menus and dialogs follow) and gives MUI an RTL theme. Without an RTL stylis
 * plugin, MUI's own physical left/right styles are not mirrored; the shell itself uses logical properties.
 */
export function RtlLayout() {
  const theme = useMemo(() => createAppTheme('rtl'), []);
  useLayoutEffect(() => {
    const html = document.documentElement;
    const previous = html.dir;
    html.dir = 'rtl';
    return () => {
      html.dir = previous || 'ltr';
    };
  }, []);
  return (
    <ThemeProvider theme={theme}>
      <Box dir="rtl">
        <AdminLayout />
      </Box>
    </ThemeProvider>
  );
}

export { RtlLayout as Component };
