import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

// React ships as CommonJS. Where an ES module imports a CommonJS one (`import * as React from
// 'react'`, and every component's `jsx` from 'react/jsx-runtime'), the bundler gives that module a
// copy of the package's exports: an object with a getter per export, each a bound function, made
// when the module runs. The build had 271 such copies (51 in the first screen's chunk), and every
// `React.useState` then went through a getter. On the customer detail the copies and getters took
// 52–87 ms of the load's 1.6–1.8 s of JavaScript under a phone's CPU (ADR 048).
//
// This plugin gives each such package one ES module of its own that imports the package once and
// exports its names: ES modules that import it share it as any other module, and the bundler binds
// their uses to its exports. CommonJS code that `require`s the package gets the package as before.

const require = createRequire(import.meta.url);

/** The CommonJS packages that ES modules of the app and its libraries import. */
export const CJS_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-is',
  'hoist-non-react-statics',
  'prop-types',
] as const;

const PREFIX = '\0cjs-as-module:';
/** The id of the module that stands for the package `name` (vite.config.ts places it in a chunk). */
export const standInId = (name: string) => PREFIX + name;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The module that stands for `name`: its exports, named, and the package as its default. */
export function moduleFor(name: string, exports: Record<string, unknown>): string {
  const names = Object.keys(exports).filter((key) => key !== 'default' && IDENTIFIER.test(key));
  return [
    `import * as cjs from ${JSON.stringify(name)};`,
    names.length > 0 ? `export const { ${names.join(', ')} } = cjs;` : '',
    'export default cjs.default;',
    '',
  ].join('\n');
}

export function cjsAsModules(packages: readonly string[] = CJS_PACKAGES): Plugin {
  return {
    name: 'cjs-as-modules',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!packages.includes(source)) return null;
      // `require` keeps the package itself, and so does the stand-in's own import of it.
      if ((options as { kind?: string }).kind === 'require-call' || importer?.startsWith(PREFIX)) return null;
      return standInId(source);
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const name = id.slice(PREFIX.length);
      return moduleFor(name, require(name) as Record<string, unknown>);
    },
  };
}
