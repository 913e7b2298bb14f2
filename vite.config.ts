import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.js';

// The SPA lives in src/web and is served by the Fastify server from dist/web.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  resolve: {
    tsconfigPaths: true,
    // zod comes with its CSP-safe setting wherever the browser loads it (src/web/lib/zod-jitless.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/web/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the staff use supports modulepreload; the polyfill would be JavaScript on every screen.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and its configuration share one chunk, loaded by the screens and forms that use
          // zod (not the login page nor the dashboard): src/web/lib/zod-jitless.ts.
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]web[\\/]lib[\\/]zod-jitless\.ts$/ },
            // Libraries every screen needs from the first paint, each in a chunk of its own: none of
            // them then exceeds 100 kB compressed, and they stay cached across releases of the app.
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'ui',
              test: /node_modules[\\/](?:@emotion|stylis|@mui[\\/](?:system|utils|styled-engine|private-theming)(?![\\/](?:Grid|useMediaQuery|useRovingTabIndex)[\\/])|react-transition-group|clsx|prop-types|react-is|hoist-non-react-statics|@babel[\\/]runtime|@tanstack)[\\/]|node_modules[\\/]@mui[\\/]material[\\/](?:styles|utils|transitions|zero-styled|DefaultPropsProvider|colors|ButtonBase|Button|Typography|SvgIcon|CircularProgress|LinearProgress|Paper|Box|Stack|Link|IconButton|CssBaseline|GlobalStyles|useLazyRipple)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
