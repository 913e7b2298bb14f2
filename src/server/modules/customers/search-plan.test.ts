import { describe, expect, it } from 'vitest';
import {
  closeNameTiers,
  normalizeSearchText,
  pageWindow,
  planNameSearch,
  prefixUpperBound,
} from './search-plan';

const kinds = (raw: string) => planNameSearch(raw).map((t) => t.kind);

describe('planNameSearch', () => {
  it('searches one word as a last name, a first name, their prefixes, an email start, then typos', () => {
    expect(planNameSearch('  Smith ')).toEqual([
      { kind: 'lastExact', last: 'smith' },
      { kind: 'firstExact', first: 'smith' },
      { kind: 'lastPrefix', last: 'smith' },
      { kind: 'firstPrefix', first: 'smith' },
      { kind: 'emailPrefix', prefix: 'smith' },
      { kind: 'fuzzyWord', text: 'smith', threshold: 0.5 },
    ]);
  });

  it('asks more of a short word before calling it a typo', () => {
    expect(planNameSearch('yots').at(-1)).toEqual({ kind: 'fuzzyWord', text: 'yots', threshold: 0.7 });
  });

  it('leaves out typos for text too short to have trigrams worth comparing', () => {
    expect(kinds('smi')).not.toContain('fuzzyWord');
  });

  it('searches text holding @ as an email only', () => {
    expect(planNameSearch('Anna.Johnson@Example.com')).toEqual([
      { kind: 'emailExact', email: 'anna.johnson@example.com' },
      { kind: 'emailPrefix', prefix: 'anna.johnson@example.com' },
    ]);
  });

  it('reads "first last" both ways round, and the rest of the words as the last name', () => {
    expect(planNameSearch('John  SMITH')).toEqual([
      { kind: 'fullExact', first: 'john', last: 'smith' },
      { kind: 'firstExactLastPrefix', first: 'john', last: 'smith' },
      { kind: 'bothPrefix', first: 'john', last: 'smith' },
      { kind: 'fullExact', first: 'smith', last: 'john' },
      { kind: 'bothPrefix', first: 'smith', last: 'john' },
      { kind: 'fuzzyFull', text: 'john smith', threshold: 0.4 },
    ]);
    expect(planNameSearch('mary van dyke')[0]).toEqual({
      kind: 'fullExact',
      first: 'mary',
      last: 'van dyke',
    });
    expect(kinds('mary van dyke')).toEqual(['fullExact', 'firstExactLastPrefix', 'bothPrefix', 'fuzzyFull']);
  });

  it('reads "last, first"', () => {
    expect(planNameSearch('Smith, John')[0]).toEqual({ kind: 'fullExact', first: 'john', last: 'smith' });
    expect(planNameSearch('Smith,')).toEqual(planNameSearch('smith'));
    expect(planNameSearch(', john')).toEqual(planNameSearch('john'));
    expect(planNameSearch(' , ')).toEqual([]);
  });

  it('plans nothing for blank text', () => {
    expect(planNameSearch('   ')).toEqual([]);
  });
});

describe('helpers', () => {
  it('normalises case and spaces', () => {
    expect(normalizeSearchText('  Mary\tANN  ')).toBe('mary ann');
  });

  it('bounds a prefix range above every string that starts with it, in code point order', () => {
    // PostgreSQL's "C" collation compares UTF-8 bytes, which is code point order.
    const below = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;
    const upper = prefixUpperBound('smi');
    for (const s of ['smi', 'smith', 'smiz', 'smi\u00ff', 'smi\uffff', 'smi\u{1F600}'])
      expect(below(s, upper)).toBe(true);
    expect(below('smj', upper)).toBe(false);
  });

  it('turns a page into rows to skip and take', () => {
    expect(pageWindow(1, 20)).toEqual({ skip: 0, take: 20 });
    expect(pageWindow(3, 10)).toEqual({ skip: 20, take: 10 });
  });
});

describe('closeNameTiers', () => {
  it('reads a one-word typo as the close last names, then first names, best first', () => {
    const tiers = closeNameTiers(
      { kind: 'fuzzyWord', text: 'jonson', threshold: 0.5 },
      {
        last: [
          { word: 'johnson', similarity: 0.56 },
          { word: 'jonsson', similarity: 0.7 },
        ],
        first: [{ word: 'jonas', similarity: 0.4 }],
      },
    );
    expect(tiers).toEqual([
      { kind: 'lastExact', last: 'jonsson' },
      { kind: 'lastExact', last: 'johnson' },
      { kind: 'firstExact', first: 'jonas' },
    ]);
  });

  it('pairs close first and last names for two words, the typed spelling counting as exact', () => {
    const tiers = closeNameTiers(
      { kind: 'fuzzyFull', text: 'jon smiht', threshold: 0.4 },
      { first: [{ word: 'joan', similarity: 0.5 }], last: [{ word: 'smith', similarity: 0.6 }] },
    );
    expect(tiers).toEqual([
      { kind: 'fullExact', first: 'jon', last: 'smith' },
      { kind: 'fullExact', first: 'joan', last: 'smiht' },
      { kind: 'fullExact', first: 'joan', last: 'smith' },
    ]);
  });
});
