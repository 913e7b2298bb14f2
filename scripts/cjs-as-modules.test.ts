import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import config from '../vite.config';
import { CJS_PACKAGES, cjsAsModules, moduleFor, standInId } from './cjs-as-modules';

const require = createRequire(import.meta.url);
type ResolveId = (source: string, importer: string | undefined, options: { kind: string }) => string | null;
type Load = (id: string) => string | null;

describe('CommonJS packages as ES modules', () => {
  const plugin = cjsAsModules();
  const resolveId = plugin.resolveId as unknown as ResolveId;
  const load = plugin.load as unknown as Load;

  it('stands in for the package where an ES module imports it, and not where it is required', () => {
    const standIn = resolveId('react', '/app/src/web/main.tsx', { kind: 'import-statement' });
    expect(standIn).toBe('\0cjs-as-module:react');
    expect(resolveId('react', '/node_modules/react-dom/cjs/x.js', { kind: 'require-call' })).toBeNull();
    // The stand-in's own import is the package itself.
    expect(resolveId('react', standIn!, { kind: 'import-statement' })).toBeNull();
    expect(resolveId('react-router', '/app/src/web/main.tsx', { kind: 'import-statement' })).toBeNull();
  });

  it("exports every name of React's and its JSX runtime's, and the package as its default", () => {
    for (const name of ['react', 'react/jsx-runtime']) {
      const code = load(`\0cjs-as-module:${name}`)!;
      expect(code).toContain(`import * as cjs from "${name}";`);
      expect(code).toContain('export default cjs.default;');
      for (const key of Object.keys(require(name) as object))
        expect(code).toMatch(new RegExp(`[{ ,]${key}[,} ]`));
    }
    expect(load('/app/src/web/main.tsx')).toBeNull();
  });

  it('leaves out names that are not identifiers', () => {
    expect(moduleFor('x', { a: 1, 'b-c': 2, default: 3, $d: 4 })).toContain('export const { a, $d } = cjs;');
    expect(moduleFor('x', {})).not.toContain('export const');
  });

  it("places each stand-in in the chunk of the first screen's libraries, not where the bundler would", () => {
    // Left to the bundler they went into the router's chunk, which then came to the login page.
    type Group = { name: string; test: RegExp | ((id: string) => boolean) };
    const output = config.build?.rolldownOptions?.output as { codeSplitting: { groups: Group[] } };
    const groupOf = (id: string) =>
      output.codeSplitting.groups.find((g) => (typeof g.test === 'function' ? g.test(id) : g.test.test(id)))
        ?.name;
    for (const name of CJS_PACKAGES)
      expect(groupOf(standInId(name)), name).toBe(
        name.startsWith('react') && name !== 'react-is' ? 'react' : 'ui',
      );
  });

  it('names packages that are installed', () => {
    for (const name of CJS_PACKAGES) expect(() => require.resolve(name)).not.toThrow();
  });
});
