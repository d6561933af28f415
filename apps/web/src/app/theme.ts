import { alpha, createTheme, type Direction } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';

/** Layout sizes shared by the shell (spec part 1 §2: mobile menu below 960 px). */
export const SIDEBAR_WIDTH = 260;
export const SIDEBAR_MINI_WIDTH = 80;
export const MOBILE_BREAKPOINT = 960;
/** localStorage key of the sidebar's mini mode ('true' / 'false'). */
export const SIDEBAR_MINI_KEY = 'console.sidebarMini';

const primary = '#1f3a93';
const sidebarBg = '#0f1b3d';

/** Every transition duration of the theme at zero (reduced motion). */
const noMotion = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/**
 * The console's theme: a calm blue on light grey surfaces, Roboto, rounded cards with hairline borders. With
 * `reducedMotion` (the user's system asks for less motion, WCAG 2.3.3) dialogs, drawers, menus and collapses
 * appear without their slide or fade and buttons without the ripple.
 */
export function createAppTheme(direction: Direction = 'ltr', { reducedMotion = false } = {}) {
  const theme = createTheme({
    direction,
    breakpoints: { values: { xs: 0, sm: 600, md: MOBILE_BREAKPOINT, lg: 1280, xl: 1536 } },
    palette: {
      mode: 'light',
      primary: { main: primary, light: '#4a67c4', dark: '#142765', contrastText: '#fff' },
      secondary: { main: '#0f766e', contrastText: '#fff' },
      background: { default: '#f4f6fb', paper: '#ffffff' },
      text: { primary: '#1a2233', secondary: '#525f75' },
      divider: '#e3e7ef',
      success: { main: '#2e7d32' },
      warning: { main: '#b45309' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 600, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.75rem', fontWeight: 600 },
      h3: { fontSize: '1.5rem', fontWeight: 600 },
      h4: { fontSize: '1.3rem', fontWeight: 600 },
      h5: { fontSize: '1.15rem', fontWeight: 600 },
      h6: { fontSize: '1.05rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 500 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { outlined: { borderColor: '#e3e7ef' } },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    },
  });
  return reducedMotion
    ? createTheme(theme, {
        transitions: { duration: noMotion, create: () => 'none' },
        components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
      })
    : theme;
}

/** The console's theme for this user: with reduced motion while their system's setting asks for it. */
export function useAppTheme(direction: Direction = 'ltr') {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  return useMemo(() => createAppTheme(direction, { reducedMotion }), [direction, reducedMotion]);
}

/** Colours of the dark sidebar (kept here so the menu and the mini mode agree). */
export const sidebarColors = {
  bg: sidebarBg,
  text: '#c9d2e6',
  heading: '#ffffff',
  hover: alpha('#ffffff', 0.08),
  selectedBg: '#3553b8',
  selectedText: '#ffffff',
  border: alpha('#ffffff', 0.08),
};
