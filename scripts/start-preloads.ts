import type { Plugin } from 'vite';

// The app's entry imports the rest of the app with `import()`, a step at a time (src/web/main.tsx,
// ADR 052). The bundler names only a page's static imports as module preloads: without more, the
// browser would ask for each step's scripts only when the step runs. This plugin names them in the
// page as well: every chunk the entry module imports with `import()`, and every chunk those import.

export interface ChunkInfo {
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/**
 * The files to name as module preloads for an entry module whose `import()`s are `dynamicIds`:
 * the chunks holding them and everything those chunks import, in a stable order, without `named`.
 */
export function startChunks(
  dynamicIds: readonly string[],
  chunks: readonly ChunkInfo[],
  named: ReadonlySet<string>,
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const seen = new Set<string>(named);
  const visit = (chunk: ChunkInfo) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const dep = byFile.get(imported);
      if (dep) visit(dep);
    }
    files.push(chunk.fileName);
  };
  for (const id of dynamicIds) {
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (chunk) visit(chunk);
  }
  return files;
}

/** Adds `files` as module preloads after the page's last one (or before its head ends). */
export function withModulePreloads(html: string, files: readonly string[], base = '/'): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
    .join('\n    ');
  const last = html.lastIndexOf('<link rel="modulepreload"');
  if (last < 0) return html.replace('</head>', `  ${links}\n  </head>`);
  const end = html.indexOf('>', last) + 1;
  return `${html.slice(0, end)}\n    ${links}${html.slice(end)}`;
}

/** Vite plugin: the module preloads of the steps by which `entry` (a page's script) starts. */
export function startPreloads(page = 'index.html', entry = /src[\\/]web[\\/]main\.tsx$/): Plugin {
  let base = '/';
  return {
    name: 'start-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After the bundler has written its own preloads into the page.
      order: 'post',
      handler(_options, bundle) {
        const html = bundle[page];
        if (html?.type !== 'asset') return;
        const entryId = [...this.getModuleIds()].find((id) => entry.test(id));
        if (!entryId) this.error(`start-preloads: no module matches ${entry} for ${page}`);
        const dynamicIds = this.getModuleInfo(entryId)?.dynamicallyImportedIds ?? [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const source = String(html.source);
        const named = new Set(
          chunks.map((chunk) => chunk.fileName).filter((file) => source.includes(`${base}${file}"`)),
        );
        html.source = withModulePreloads(source, startChunks(dynamicIds, chunks, named), base);
      },
    },
  };
}
