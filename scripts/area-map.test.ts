import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { areaMapProblems, readAreaMap } from './area-map';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A tree with the given folders and files, and docs/architecture.md holding `map`. */
function tree(entries: string[], map: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'area-map-'));
  roots.push(root);
  for (const e of entries) {
    const full = path.join(root, e);
    if (e.endsWith('/')) mkdirSync(full, { recursive: true });
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, '');
    }
  }
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  writeFileSync(path.join(root, 'docs/architecture.md'), map);
  return root;
}

const AREAS = `## Areas

| Area | Domain | Schema | Server | Web | Browser tests |
|---|---|---|---|---|---|
| refunds | \`src/domain/refunds/\` | \`refunds.ts\` | \`modules/refunds/\` | \`features/refunds/\` | \`refunds.spec.ts\` |
| health | — | — | \`modules/health/\` | — | — |

## Shared code

| Name | Domain | Schema | Server |
|---|---|---|---|
| platform | \`src/domain/platform/\` | \`platform.ts\` | \`platform/\` |
`;
const TREE = [
  'src/domain/refunds/',
  'src/domain/platform/',
  'src/server/db/schema/refunds.ts',
  'src/server/db/schema/platform.ts',
  'src/server/db/schema/columns.ts',
  'src/server/db/schema/index.ts',
  'src/server/modules/refunds/',
  'src/server/modules/health/',
  'src/server/platform/',
  'src/web/features/refunds/',
  'tests/e2e/refunds.spec.ts',
];

describe('the area map', () => {
  it('reads both tables, row by row', () => {
    const rows = readAreaMap(AREAS);
    expect(rows.map((r) => `${r.table}:${r.name}`)).toEqual([
      'Areas:refunds',
      'Areas:health',
      'Shared code:platform',
    ]);
    expect(rows[0]!.cells.Web).toBe('`features/refunds/`');
  });

  it('passes a tree where each area has one name in every layer', () => {
    expect(areaMapProblems(tree(TREE, AREAS))).toEqual([]);
  });

  it('flags a folder of a layer that no row lists (a second name for an area)', () => {
    const root = tree([...TREE, 'src/web/features/refund-screens/'], AREAS);
    expect(areaMapProblems(root)).toEqual([
      'src/web/features/refund-screens is in no row of docs/architecture.md: one name per area in every layer',
    ]);
  });

  it('flags a row whose cell names another folder than the area', () => {
    const map = AREAS.replace('`modules/refunds/`', '`modules/orders/`');
    const problems = areaMapProblems(tree([...TREE, 'src/server/modules/orders/'], map));
    expect(problems).toContain(
      'docs/architecture.md, Areas "refunds": its Server cell must be `modules/refunds/` or —',
    );
  });

  it('flags a path of the map that is not on disk, and a missing browser spec', () => {
    const root = tree(
      TREE.filter((e) => e !== 'src/server/db/schema/refunds.ts' && !e.startsWith('tests/')),
      AREAS,
    );
    expect(areaMapProblems(root)).toEqual([
      'docs/architecture.md, Areas "refunds": src/server/db/schema/refunds.ts does not exist',
      'docs/architecture.md, Areas "refunds": tests/e2e/refunds.spec.ts does not exist',
    ]);
  });

  it("flags a screen's feature without a server module of its own name", () => {
    const map = AREAS.replace('`modules/refunds/`', '—');
    const root = tree(
      TREE.filter((e) => e !== 'src/server/modules/refunds/'),
      map,
    );
    expect(areaMapProblems(root)).toEqual([
      `docs/architecture.md, Areas "refunds": a screen's feature calls a server module of the same name`,
    ]);
  });

  it('flags a shared path that does not exist and a missing map', () => {
    const map = AREAS.replace('`platform/` |', '`platform/uploads/` |');
    expect(areaMapProblems(tree(TREE, map))).toEqual([
      'docs/architecture.md, Shared code "platform": src/server/platform/uploads/ does not exist',
    ]);
    expect(areaMapProblems(tree(TREE, AREAS), 'docs/none.md')).toEqual([
      'docs/none.md is missing: it holds the area map',
    ]);
  });
});
