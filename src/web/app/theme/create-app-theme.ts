import { BREAKPOINTS } from '@domain/reference/constants';
import { createTheme, type Theme } from '@mui/material/styles';
import { PALETTES, type ThemeVariant } from './palettes';

// MUI breakpoints at the layout tiers of spec 1 §9: xs = phone (≤667), sm = tablet portrait
// (668–999), md = computer (≥1000), lg = wide (≥1170). xl is MUI's own, kept for very large screens.
const breakpoints = {
  values: { xs: 0, sm: BREAKPOINTS.phone + 1, md: BREAKPOINTS.tablet + 1, lg: BREAKPOINTS.wide, xl: 1536 },
};

const fontFamily =
  '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif';

// What MUI's InputBase adds for each field (@mui/material/InputBase), once for the whole app.
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';
const AUTO_FILL_KEYFRAMES = {
  [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } },
  [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } },
};
const AUTO_FILL_ANIMATION = {
  animationName: AUTO_FILL_CANCEL,
  animationDuration: '10ms',
  '&:-webkit-autofill': { animationDuration: '5000s', animationName: AUTO_FILL },
};

/** A plain theme: no `cssVariables`, no `colorSchemes` (the build leaves MUI's CSS-variables themes out, see scripts/mui-theme-without-css-variables.ts). */
export function createAppTheme(variant: ThemeVariant): Theme {
  return createTheme({
    breakpoints,
    palette: PALETTES[variant],
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontSize: '1.625rem', fontWeight: 600, letterSpacing: '-0.01em', lineHeight: 1.25 },
      h2: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
      h3: { fontSize: '1.0625rem', fontWeight: 600 },
      subtitle2: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiTableCell: {
        styleOverrides: {
          head: ({ theme }) => ({
            fontWeight: 600,
            color: theme.palette.text.secondary,
            backgroundColor: theme.palette.background.default,
            whiteSpace: 'nowrap',
          }),
        },
      },
      // A table that scrolls sideways keeps everything of it inside: a visually hidden header
      // (absolutely positioned) would otherwise escape the scroll box and widen the page.
      MuiTableContainer: { styleOverrides: { root: { position: 'relative' } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
      // An alert's message wraps on a phone (long ids and emails included) instead of becoming a
      // small scrolling region that a keyboard cannot reach.
      MuiAlert: { styleOverrides: { message: { overflow: 'visible', overflowWrap: 'anywhere' } } },
      // A field learns that the browser filled it in from an animation (its label moves up). MUI
      // puts the animation's keyframes on the page once per field, each in a new style tag, as the
      // field mounts: 10 to 15 on a form screen, in the commit of its first frame. They come once
      // here, with the baseline, and each field keeps the animation (ADR 049).
      MuiCssBaseline: { styleOverrides: AUTO_FILL_KEYFRAMES },
      MuiInputBase: {
        defaultProps: { disableInjectingGlobalStyles: true },
        styleOverrides: { input: AUTO_FILL_ANIMATION },
      },
    },
  });
}
