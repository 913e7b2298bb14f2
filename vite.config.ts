import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootShell } from './scripts/boot-shell.js';
import { builtStyles } from './scripts/built-styles.js';
import { cjsAsModules } from './scripts/cjs-as-modules.js';
import { muiNumberFormatByHand } from './scripts/mui-number-format-by-hand.js';
import { muiThemeWithoutCssVariables } from './scripts/mui-theme-without-css-variables.js';
import { precompress } from './scripts/precompress.js';
import { reactRouterProduction } from './scripts/react-router-production.js';
import { startPreloads } from './scripts/start-preloads.js';

// The SPA lives in src/web and is served by the Fastify server from dist/web.

/** Modules of the shared first-screen chunk (see `codeSplitting` below). */
const FIRST_SCREEN_MODULES = [
  /node_modules[\\/](?:@emotion|stylis|react-transition-group|clsx|prop-types|react-is|hoist-non-react-statics|@babel[\\/]runtime|@tanstack)[\\/]/,
  // MUI's engine, less the parts only some screens use.
  /node_modules[\\/]@mui[\\/](?:system|utils|styled-engine|private-theming)[\\/](?!Grid|useMediaQuery|useRovingTabIndex)/,
  /node_modules[\\/]@mui[\\/]material[\\/](?:styles|utils|transitions|zero-styled|DefaultPropsProvider|colors|ButtonBase|Button|Typography|SvgIcon|CircularProgress|Paper|Box|IconButton|CssBaseline|GlobalStyles|useLazyRipple)[\\/]/,
  /src[\\/]web[\\/]components[\\/]brand-logo\.tsx$/,
  // The stand-ins of the CommonJS packages above (scripts/cjs-as-modules.ts).
  /^\0cjs-as-module:(?:react-is|prop-types|hoist-non-react-statics)$/,
];
/**
 * Modules of the signed-in frame (src/web/app/shell): every signed-in screen loads them with it, so
 * they are one chunk that the screens import rather than copies in each screen's chunks. Not MUI's
 * Tooltip, its Popper and popper.js: the frame's tips come with first use (components/tip.tsx), and
 * the screens whose lists or pickers need a popper load them then (ADR 047).
 */
const SHELL_MODULES = [
  /node_modules[\\/]@mui[\\/]material[\\/](?:Alert|AppBar|Avatar|Backdrop|Breadcrumbs|Drawer|Fade|Grow|Link|List|ListItem|ListItemButton|ListItemIcon|ListItemSecondaryAction|ListItemText|Modal|Portal|Slide|Toolbar|Unstable_TrapFocus|internal[\\/](?:Transition|svg-icons))[\\/.]/,
  /src[\\/]domain[\\/]reference[\\/]lists\.ts$/,
  // The menus' and toggle groups' keyboard focus: in the fields' chunk it brought that chunk to
  // screens with toggle buttons and no field.
  /node_modules[\\/]@mui[\\/]utils[\\/]useRovingTabIndex[\\/]/,
  // Constants that a screen and one of its parts loaded later both use: the bundler gave each a
  // chunk of its own (130–772 bytes), a request for each on the customer screens and the checkout.
  /src[\\/]domain[\\/](?:customers[\\/]constants|accounts[\\/]constants|pricing[\\/]prices|maps[\\/]verification)\.ts$/,
];
/**
 * MUI's text field with what it always brings (its select, menu and popover, every input variant),
 * and the dialog: the screens with a form load them as one chunk; the dashboard, which has neither,
 * none of it. Cut by the bundler they were five chunks, five requests on most screens.
 */
const FIELD_MODULES = [
  /node_modules[\\/]@mui[\\/]material[\\/](?:Dialog|DialogActions|DialogContent|DialogTitle|FilledInput|FormControl|FormHelperText|FormLabel|Input|InputAdornment|InputBase|InputLabel|Menu|MenuList|NativeSelect|OutlinedInput|Popover|Select|TextareaAutosize|TextField)[\\/.]/,
];
/** `npm run dev:web`: /login is the sign-in page (login.html), as the server answers it. */
function loginPageInDevelopment(): Plugin {
  return {
    name: 'login-page-in-development',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/login' || req.url?.startsWith('/login?'))
          req.url = `/login.html${req.url.slice(6)}`;
        next();
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    reactRouterProduction(),
    cjsAsModules(),
    muiThemeWithoutCssVariables(),
    muiNumberFormatByHand(),
    bootShell(),
    builtStyles(),
    startPreloads(),
    precompress(),
    loginPageInDevelopment(),
  ],
  resolve: {
    tsconfigPaths: true,
    // zod comes with its CSP-safe setting wherever the browser loads it (src/web/lib/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // .vite/manifest.json: which files make each chunk, for the server to name a screen's chunks
    // in the page it answers (src/server/platform/static.ts).
    manifest: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the staff use supports modulepreload; the polyfill would be JavaScript on every screen.
    modulePreload: {
      polyfill: false,
      // The chunks every screen starts with are loaded before any lazy screen is asked for: listing
      // them again as each screen's preload dependencies only adds bytes to the first screen. The
      // pages themselves (index.html, login.html) preload all of theirs, so that the browser asks
      // for them with the page's script rather than after it.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html'
          ? deps
          : deps.filter((dep) => !/(?:^|\/)(?:react|router|ui|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      // The app, and the sign-in page on its own (src/web/login.html: React and the form only).
      input: {
        index: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        login: fileURLToPath(new URL('./src/web/login.html', import.meta.url)),
      },
      output: {
        // Every lazy screen's preload list names its chunks in the first screen's script: the
        // screens and the shared groups keep their names, the many small component chunks go by
        // their hash alone.
        chunkFileNames: (chunk) =>
          /^(?:zod|react|router|ui)$|-page$/.test(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        codeSplitting: {
          // The bundler cuts a common chunk for every set of modules the same screens share: the
          // customer dashboard loaded 76 files, most of 1–3 kB, each a request (six at a time on a
          // phone's connection) and a preload link to insert. Common chunks under 16 KiB are copied
          // into the chunks that use them instead: 22 files, and LCP 5.2 → 3.8 s on a phone in the
          // same run (ADR 035). Larger limits copy more and cost more script time than they save.
          // The limit is 17 KiB since ADR 051: the API client and its constants, which the sign-in
          // page and the app share, measure just over 16 KiB by the bundler's count, and were then
          // a request of their own on every page (the build: 127 scripts at 16 KiB, 126 at 17).
          // Each copy of a module has state of its own (a module-level cache or flag is one per
          // chunk that holds a copy): module state that must be one (a loaded flag read elsewhere)
          // belongs in a module that only one chunk holds, or is reached through one chunk (ADR 050).
          experimentalInlineCommonChunks: { maxSize: 17 * 1024 },
          // zod and its configuration share one chunk, loaded by the screens and forms that use
          // zod (not the login page nor the dashboard): src/web/lib/zod-jitless.ts.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-jitless\.ts$/ },
            // Libraries every screen needs from the first paint, each in a chunk of its own: none of
            // them then exceeds 100 kB compressed, and they stay cached across releases of the app.
            // With them, the bundler's runtime helpers and the preload helper, which every screen
            // runs: otherwise two chunks of under 1 kB, each a request of its own on every screen.
            {
              name: 'react',
              // With React's stand-ins (scripts/cjs-as-modules.ts), which otherwise went into the
              // router's chunk and brought it to the login page.
              test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]|^\0(?:rolldown\/runtime|vite\/preload-helper|cjs-as-module:react(?:\/jsx-runtime|-dom|-dom\/client)?$)/,
            },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // What every screen runs, the login page included, in one chunk (compressed together,
            // 8 kB less than as the twenty small chunks the bundler would otherwise cut): MUI's
            // styling engine and the components of the first screens, TanStack Query, and the few
            // shared constants of the API client. Other components are split per screen as usual.
            { name: 'ui', test: (id: string) => FIRST_SCREEN_MODULES.some((re) => re.test(id)) },
            { name: 'shell', test: (id: string) => SHELL_MODULES.some((re) => re.test(id)) },
            { name: 'fields', test: (id: string) => FIELD_MODULES.some((re) => re.test(id)) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/gateway': 'http://localhost:3000' },
  },
});
