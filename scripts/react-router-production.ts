import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// React Router 7's package exports its development build under every condition
// (remix-run/react-router#12437, "temporarily"; #14102 is still open): a production build then
// bundles its development warnings and checks, and runs them on every page load (the router's
// creation, its route checks, each navigation). The package ships its production build beside it,
// with the same files and exports. This plugin points the app's build at it; the development server
// and the tests keep the development build and its warnings.

const require = createRequire(import.meta.url);

/** The production build of `react-router`, beside the development one that the package exports. */
export function reactRouterProductionEntry(): string {
  const development = require.resolve('react-router');
  const production = join(dirname(dirname(development)), 'production', 'index.mjs');
  if (!existsSync(production))
    throw new Error(
      `React Router's production build is not at ${production}: check scripts/react-router-production.ts against its package.`,
    );
  return production;
}

export function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    config: () => ({
      resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProductionEntry() }] },
    }),
  };
}
