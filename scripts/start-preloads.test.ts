import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { type ChunkInfo, startChunks, startPreloads, withModulePreloads } from './start-preloads';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): ChunkInfo => ({
  fileName,
  moduleIds,
  imports,
});

describe("the page's module preloads of the app's start (start-preloads.ts)", () => {
  const chunks = [
    chunk('assets/index-1.js', ['/src/web/main.tsx'], ['assets/react-1.js']),
    chunk('assets/react-1.js', ['/node_modules/react/index.js']),
    chunk('assets/ui-1.js', ['/node_modules/@mui/material/Box/Box.js'], ['assets/react-1.js']),
    chunk(
      'assets/start-1.js',
      ['/src/web/app/start.ts', '/src/web/app/app.tsx'],
      ['assets/ui-1.js', 'assets/router-1.js'],
    ),
    chunk('assets/router-1.js', ['/node_modules/react-router/index.js'], ['assets/react-1.js']),
    chunk('assets/screen-1.js', ['/src/web/pages/screen.tsx'], ['assets/ui-1.js']),
  ];

  it("names the chunks the entry imports with import(), after what they import, once each, without the page's own", () => {
    const named = new Set(['assets/index-1.js', 'assets/react-1.js']);
    expect(startChunks(['/src/web/app/start.ts', '/node_modules/react/index.js'], chunks, named)).toEqual([
      'assets/ui-1.js',
      'assets/router-1.js',
      'assets/start-1.js',
    ]);
    // A module that is in no chunk (a module the bundler dropped) names nothing.
    expect(startChunks(['/src/web/gone.ts'], chunks, named)).toEqual([]);
    // Nor does a screen the entry does not import.
    expect(startChunks(['/src/web/app/start.ts'], chunks, named)).not.toContain('assets/screen-1.js');
  });

  it('adds the links after the last module preload of the page, or before its head ends', () => {
    const page =
      '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head>';
    expect(withModulePreloads(page, ['assets/ui-1.js', 'assets/start-1.js'])).toBe(
      '<head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n    <link rel="modulepreload" crossorigin href="/assets/ui-1.js">\n    <link rel="modulepreload" crossorigin href="/assets/start-1.js">\n  </head>',
    );
    expect(withModulePreloads('<head>\n  </head>', ['assets/ui-1.js'], '/app/')).toBe(
      '<head>\n    <link rel="modulepreload" crossorigin href="/app/assets/ui-1.js">\n  </head>',
    );
    expect(withModulePreloads(page, [])).toBe(page);
  });

  it('is in the build, after the plugins that write the page', async () => {
    const config = (await import('../vite.config')).default as { plugins: { name: string }[] };
    const names = config.plugins.flat().map((plugin) => plugin.name);
    expect(names).toContain(startPreloads().name);
    expect(names.indexOf('start-preloads')).toBeGreaterThan(names.indexOf('built-styles'));
  });

  it("matches the app's entry: main.tsx imports the rest of the app with import()", async () => {
    const main = await readFile(new URL('../src/web/main.tsx', import.meta.url), 'utf8');
    expect(main).toMatch(/import\('\.\/app\/start'\)/);
    expect(main).toMatch(/import\('react-dom\/client'\)/);
    // Its static imports are only what takes the page's answers.
    expect([...main.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1])).toEqual([
      './app/page-answers',
    ]);
  });
});
