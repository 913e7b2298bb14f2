import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

// Projects: pure unit tests beside the code; the slow ones of them (a server started with npm, the
// demo data generated and loaded, the simulator's whole case table) in `slow`, which `npm test` runs
// and `npm run test:unit` does not; and API tests that build the app against a fresh database per
// file (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
// Tests of several processes or connections to one PostgreSQL database: the `scale` project only.
// The unit and API projects share one module graph per worker (isolate: false): the app's modules
// are imported once per worker instead of once per file. On 2 cores the PGlite API files spend
// about 85 s in their tests; re-importing the app per file had the run at 258–278 s in CI. Each
// API file still builds its own app on its own fresh database; stubbed globals and environment
// are undone after each test.
const SLOW = [
  'scripts/start.test.ts',
  'scripts/demo/demo-load.test.ts',
  'scripts/demo/generate.test.ts',
  'src/domain/promos/simulator-handover.test.ts',
];
const POSTGRES_ONLY = [
  'src/server/platform/scale-out.api.test.ts',
  'src/server/platform/read-replica.api.test.ts',
];

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // One graphql for the app and mercurius: as under Node, its CommonJS build. Vite would pick the
    // ES build for our code, and graphql refuses schema objects made by another copy of itself.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', ...SLOW],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: { name: 'slow', include: SLOW, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api',
          isolate: false,
          include: ['src/**/*.api.test.ts'],
          exclude: POSTGRES_ONLY,
          environment: 'node',
          globalSetup: ['src/server/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // Several app processes on one database: PostgreSQL only (scripts/test.ts runs it, alone).
      ...(process.env.TEST_DB_BACKEND === 'postgres'
        ? [
            {
              extends: true as const,
              test: {
                name: 'scale',
                include: POSTGRES_ONLY,
                environment: 'node',
                globalSetup: ['src/server/testing/global-setup.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
