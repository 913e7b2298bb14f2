import type { Plugin } from 'vite';

// MUI's createTheme() builds either a plain theme or, with `cssVariables: true` or colour
// schemes, a CSS-variables theme; both builders are imported, so the bundler keeps the second
// (about 6 kB compressed, on every screen, the login page included) although this app never
// asks for it: src/web/app/theme/create-app-theme.ts passes a palette and no colour schemes,
// and MUI's own default theme is a plain one too. This plugin gives createTheme a stand-in for
// the CSS-variables builder that fails loudly if it is ever reached, so a theme that starts
// using CSS variables is noticed on the first page load (and in every browser test) instead of
// silently getting a different look.

const STAND_IN = '\0mui-theme-css-variables-left-out';
const CREATE_THEME = /[\\/]@mui[\\/]material[\\/]styles[\\/]createTheme\.m?js$/;

export function muiThemeWithoutCssVariables(): Plugin {
  return {
    name: 'mui-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/^\.\/createThemeWithVars\.m?js$/.test(source) && importer && CREATE_THEME.test(importer)) {
        return STAND_IN;
      }
      return null;
    },
    load(id) {
      if (id !== STAND_IN) return null;
      return `export default function createThemeWithVars() {
  throw new Error('This build leaves out MUI CSS-variables themes (scripts/mui-theme-without-css-variables.ts): the app theme must not set cssVariables or colorSchemes.');
}`;
    },
  };
}
