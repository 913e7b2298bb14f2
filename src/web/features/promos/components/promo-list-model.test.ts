import type { PromoRuleRecord } from '@domain/promos/tool';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterRules, isLiveNow, rulesCsv } from './promo-list-model';

const rec = (o: Partial<PromoRuleRecord> & { rule?: Record<string, unknown> }): PromoRuleRecord => ({
  collection: 'active',
  name: 'Rule',
  typeId: 0,
  active: true,
  priority: 0,
  stop: false,
  regionId: [],
  userTypes: [],
  tags: [],
  timestamps: {},
  publishToProd: {},
  rule: { timestamps: { start: 100, end: 200 }, actionItems: ['1001'] },
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'a@example.com',
  scheduled: null,
  ...o,
});

describe('promo list', () => {
  const rules = [
    rec({ name: 'Spring Serum', tags: ['SPRING'] }),
    rec({ name: 'Draft Mask', collection: 'drafts', typeId: 7, rule: { actionItems: ['2002'] } }),
    rec({ name: 'Ended', rule: { timestamps: { start: 0, end: 50 } } }),
  ];
  it('filters by collection, type, tag, SKU, live now and name', () => {
    const names = (f: Partial<typeof EMPTY_FILTER>) =>
      filterRules(rules, { ...EMPTY_FILTER, ...f }, 150).map((r) => r.name);
    expect(names({ collection: 'drafts' })).toEqual(['Draft Mask']);
    expect(names({ typeId: 7 })).toEqual(['Draft Mask']);
    expect(names({ tag: 'SPRING' })).toEqual(['Spring Serum']);
    expect(names({ sku: ' 2002 ' })).toEqual(['Draft Mask']);
    expect(names({ liveNow: true })).toEqual(['Spring Serum']);
    expect(names({ q: 'MASK' })).toEqual(['Draft Mask']);
  });
  it('a draft is never live; a rule outside its window is not', () => {
    expect(isLiveNow(rules[1]!, 150)).toBe(false);
    expect(isLiveNow(rules[0]!, 201)).toBe(false);
  });
  it('exports the rows as CSV with a header', () => {
    const csv = rulesCsv(rules.slice(0, 1));
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFName,Collection,Type,Priority,Stop,Regions,User types,Window,Active,Tags,Last change,Changed by',
    );
    expect(csv).toContain(
      'Spring Serum,active,0 · Percent off items,0,no,"US, CA",All,1970-01-01 → 1970-01-01,yes,SPRING',
    );
    const evil = rulesCsv([{ ...rules[0]!, name: '=HYPERLINK("http://evil.example")', updatedBy: '@x' }]);
    expect(evil.split('\r\n')[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil\.example""\)",.*,"'@x"$/);
  });
});
