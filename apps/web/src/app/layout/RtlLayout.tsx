import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { ThemeProvider } from '@mui/material/styles';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { useLayoutEffect } from 'react';
import { prefixer } from 'stylis';
import { useAppTheme } from '../theme';
import { AdminLayout } from './AdminLayout';

/**
 * The styles of the /rtl subtree go through the RTL stylis plugin, which swaps MUI's physical left/right
 * (padding-left, margin-right, left: 0, text-align...) as they are written. Its own key keeps these
 * classes apart from the LTR ones of the rest of the console. This module is a lazy route, so the plugin
 * never reaches the first route's bundle.
 */
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

/**
 * /rtl: the admin layout right to left (spec part 1 §2 "right-to-left demo layout"). It sets dir="rtl" on
 * <html> (so portals such as menus and dialogs follow), gives MUI an RTL theme (direction-aware parts:
 * drawer slide, pagination arrows, charts' axes) and mirrors MUI's CSS with the RTL emotion cache. The
 * shell's own styles use logical properties (inset-inline-start, margin-inline-start), which follow dir.
 */
export function RtlLayout() {
  const theme = useAppTheme('rtl');
  useLayoutEffect(() => {
    const html = document.documentElement;
    const previous = html.dir;
    html.dir = 'rtl';
    return () => {
      html.dir = previous || 'ltr';
    };
  }, []);
  return (
    <CacheProvider value={rtlCache}>
      <ThemeProvider theme={theme}>
        <Box dir="rtl">
          <AdminLayout />
        </Box>
      </ThemeProvider>
    </CacheProvider>
  );
}

export { RtlLayout as Component };
