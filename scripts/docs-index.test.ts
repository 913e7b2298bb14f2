import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '..', 'docs/decisions');

describe('the decisions index', () => {
  it('links every decision record, and only those', () => {
    const files = readdirSync(DIR).filter((name) => /^\d{3}-.*\.md$/.test(name));
    const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(files.sort());
  });
});
