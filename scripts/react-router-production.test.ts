import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction, reactRouterProductionEntry } from './react-router-production';

describe("the build's React Router", () => {
  it('is the production build, with every export of the development build the package hands out', async () => {
    const entry = reactRouterProductionEntry();
    expect(entry).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]index\.mjs$/);
    const production = await import(entry);
    const development = await import('react-router');
    expect(Object.keys(production).sort()).toEqual(Object.keys(development).sort());
  });

  it('leaves out the development warnings', () => {
    const entry = reactRouterProductionEntry();
    const chunks = [...readFileSync(entry, 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map(
      (m) => m[1],
    );
    expect(chunks.length).toBeGreaterThan(0);
    const code = chunks.map((c) => readFileSync(entry.replace('index.mjs', c!), 'utf8')).join('\n');
    expect(code).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true');
  });

  it('is applied to builds only: the development server keeps the warnings', () => {
    expect(reactRouterProduction().apply).toBe('build');
  });
});
