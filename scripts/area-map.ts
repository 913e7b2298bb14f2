import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// The area map of docs/architecture.md against the tree: one name per area in every layer
// (src/domain/<area>/, src/server/db/schema/<area>.ts, src/server/modules/<area>/,
// src/web/features/<area>/), every folder of a layer in the map, every path of the map on disk,
// and no screen's feature without its server module.

const DASH = '—';

interface Row {
  table: 'Areas' | 'Shared code';
  name: string;
  cells: Record<string, string>;
}

/** The rows of the markdown tables under `## Areas` and `## Shared code`. */
export function readAreaMap(markdown: string): Row[] {
  const rows: Row[] = [];
  let table: Row['table'] | null = null;
  let header: string[] | null = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## (.+)$/.exec(line)?.[1]?.trim();
    if (heading !== undefined) {
      table = heading === 'Areas' || heading === 'Shared code' ? heading : null;
      header = null;
      continue;
    }
    if (!table || !line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (!header) header = cells;
    else if (!cells.every((c) => /^-+$/.test(c))) {
      const [name = '', ...rest] = cells;
      rows.push({
        table,
        name,
        cells: Object.fromEntries(header.slice(1).map((h, i) => [h, rest[i] ?? ''])),
      });
    }
  }
  return rows;
}

const paths = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** Where each layer's folders are, and how a row's cell names the area's folder in it. */
const LAYERS = [
  {
    column: 'Domain',
    dir: 'src/domain',
    kind: 'dir' as const,
    cell: (name: string) => `src/domain/${name}/`,
  },
  {
    column: 'Schema',
    dir: 'src/server/db/schema',
    kind: 'file' as const,
    cell: (name: string) => `${name}.ts`,
  },
  {
    column: 'Server',
    dir: 'src/server/modules',
    kind: 'dir' as const,
    cell: (name: string) => `modules/${name}/`,
  },
  {
    column: 'Web',
    dir: 'src/web/features',
    kind: 'dir' as const,
    cell: (name: string) => `features/${name}/`,
  },
];
const SCHEMA_HELPERS = new Set(['columns.ts', 'index.ts']);

function entries(root: string, dir: string, kind: 'dir' | 'file'): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full).filter((n) => {
    const isDir = statSync(path.join(full, n)).isDirectory();
    return kind === 'dir' ? isDir : !isDir && n.endsWith('.ts') && !SCHEMA_HELPERS.has(n);
  });
}

export function areaMapProblems(root: string, mapFile = 'docs/architecture.md'): string[] {
  const file = path.join(root, mapFile);
  if (!existsSync(file)) return [`${mapFile} is missing: it holds the area map`];
  const rows = readAreaMap(readFileSync(file, 'utf8'));
  const problems: string[] = [];
  const where = (r: Row) => `${mapFile}, ${r.table} "${r.name}"`;
  const listed = new Map<string, Set<string>>(LAYERS.map((l) => [l.column, new Set()]));
  for (const row of rows) {
    if (!/^[a-z][a-z0-9-]*$/.test(row.name)) problems.push(`${where(row)}: a name is kebab-case`);
    for (const layer of LAYERS) {
      const cell = row.cells[layer.column];
      if (cell === undefined || cell === DASH) continue;
      const [p] = paths(cell);
      if (layer.column === 'Server' && row.table === 'Shared code') {
        // Shared code lives in the server's platform, not in a module.
        if (!p || !existsSync(path.join(root, 'src/server', p)))
          problems.push(`${where(row)}: src/server/${p ?? cell} does not exist`);
        continue;
      }
      if (p !== layer.cell(row.name)) {
        problems.push(
          `${where(row)}: its ${layer.column} cell must be \`${layer.cell(row.name)}\` or ${DASH}`,
        );
        continue;
      }
      const onDisk = path.join(root, layer.dir, layer.kind === 'dir' ? row.name : `${row.name}.ts`);
      if (!existsSync(onDisk)) problems.push(`${where(row)}: ${path.relative(root, onDisk)} does not exist`);
      listed.get(layer.column)!.add(layer.kind === 'dir' ? row.name : `${row.name}.ts`);
    }
    if (row.table === 'Areas') {
      const has = (c: string) => (row.cells[c] ?? DASH) !== DASH;
      if (has('Web') && !has('Server'))
        problems.push(`${where(row)}: a screen's feature calls a server module of the same name`);
      if (!has('Web') && !has('Server'))
        problems.push(`${where(row)}: an area with neither a module nor a feature is shared code`);
      for (const spec of paths(row.cells['Browser tests'] ?? '')) {
        if (!existsSync(path.join(root, 'tests/e2e', spec)))
          problems.push(`${where(row)}: tests/e2e/${spec} does not exist`);
      }
    }
  }
  for (const layer of LAYERS) {
    for (const name of entries(root, layer.dir, layer.kind)) {
      if (!listed.get(layer.column)!.has(name))
        problems.push(`${layer.dir}/${name} is in no row of ${mapFile}: one name per area in every layer`);
    }
  }
  return problems;
}
