import { describe, expect, it } from 'vitest';
import {
  applyBulkEdit,
  bulkChanges,
  bulkUpdateReady,
  compileStored,
  defaultDuration,
  defaultTimestamps,
  engineIssues,
  engineToStored,
  findRuleByName,
  parseSkuList,
} from './tool';

describe('bulk edit', () => {
  it('splits the SKU list on commas, trims, drops empties and repeats', () => {
    expect(parseSkuList(' 1001, 1002 ,,1001 , ')).toEqual(['1001', '1002']);
    expect(parseSkuList(['a, b', 'c'])).toEqual(['a', 'b', 'c']);
  });
  it('is ready only with action, field and a non-empty SKU list', () => {
    expect(bulkUpdateReady({ action: 'add', field: 'actionItems', skus: '1001' })).toBe(true);
    expect(bulkUpdateReady({ action: null, field: 'actionItems', skus: '1001' })).toBe(false);
    expect(bulkUpdateReady({ action: 'add', field: '', skus: '1001' })).toBe(false);
    expect(bulkUpdateReady({ action: 'add', field: 'actionItems', skus: ' , ' })).toBe(false);
  });
  it('adds missing SKUs at the end and removes the given ones, keeping order', () => {
    expect(applyBulkEdit(['a', 'b'], 'add', ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(applyBulkEdit(['a', 'b', 'c'], 'remove', ['a', 'c', 'x'])).toEqual(['b']);
  });
  it('lists only the rules that change, with before and after', () => {
    const rules = [
      { collection: 'drafts' as const, name: 'A', rule: { actionItems: ['x'] } },
      { collection: 'pending' as const, name: 'B', rule: { actionItems: ['x', 'y'] } },
      { collection: 'drafts' as const, name: 'C', rule: {} },
    ];
    expect(bulkChanges(rules, 'add', 'actionItems', ['y'])).toEqual([
      { collection: 'drafts', name: 'A', field: 'actionItems', before: ['x'], after: ['x', 'y'] },
      { collection: 'drafts', name: 'C', field: 'actionItems', before: [], after: ['y'] },
    ]);
    expect(bulkChanges(rules, 'remove', 'actionItems', ['z'])).toEqual([]);
  });
});

describe('timestamps', () => {
  it('defaults the start to midnight today (Pacific), in seconds', () => {
    // 2026-03-10 05:00 UTC is still 9 March in Los Angeles (PDT from 8 March: UTC−7).
    const ts = defaultTimestamps(new Date('2026-03-10T05:00:00Z'));
    expect(ts).toEqual({ start: { _seconds: Date.parse('2026-03-09T07:00:00Z') / 1000 } });
    const winter = defaultTimestamps(new Date('2026-01-15T20:00:00Z'));
    expect(winter.start?._seconds).toBe(Date.parse('2026-01-15T08:00:00Z') / 1000);
  });
  it('business duration runs today 12:00a to 7 days ahead 11:59p Pacific', () => {
    expect(defaultDuration(new Date('2026-01-15T20:00:00Z'))).toEqual({
      start: Date.parse('2026-01-15T08:00:00Z') / 1000,
      end: Date.parse('2026-01-23T07:59:00Z') / 1000,
    });
  });
});

describe('populated-name lookup', () => {
  const rules = [
    { collection: 'drafts' as const, name: 'Spring Sale' },
    { collection: 'pending' as const, name: 'Spring Sale' },
    { collection: 'active' as const, name: 'Free Shipping' },
    { collection: 'pending' as const, name: 'free shipping' },
  ];
  it('picks an active or pending rule by case-insensitive name, active first, never a draft', () => {
    expect(findRuleByName(rules, 'SPRING SALE')).toBe(rules[1]);
    expect(findRuleByName(rules, ' free SHIPPING ')).toBe(rules[2]);
    expect(findRuleByName(rules.slice(0, 1), 'Spring Sale')).toBeUndefined();
    expect(findRuleByName(rules, '')).toBeUndefined();
  });
});

describe('stored ↔ engine', () => {
  it('compiles a stored rule and keeps every error of one that does not compile', () => {
    const ok = compileStored({
      name: 'A',
      id: 0,
      actionItems: ['1'],
      discountValue: { '1': 0.1 },
      priority: null,
    });
    expect(ok.errors).toEqual([]);
    expect(ok.rule).toMatchObject({ name: 'A', priority: 0, active: false });
    const bad = compileStored({
      name: 'A',
      id: 0,
      discountValue: { '1': 10 },
      conditionQuantity: { min: 0 },
    });
    expect(bad.rule).toBeNull();
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['conditionQuantity.min', 'discountValue']);
    expect(compileStored({ id: 3 }).errors[0]?.path).toBe('name');
  });
  it('engine → stored → engine keeps the rule', () => {
    const first = compileStored({ name: 'B', id: 1, actionItems: ['1'], discountValue: { '1': 500 } }).rule!;
    const stored = engineToStored(first as unknown as Record<string, unknown>, {
      tags: ['X'],
      timestamps: { start: { _seconds: first.timestamps.start }, end: { _seconds: first.timestamps.end } },
      publishToProd: null,
    });
    expect(stored).toMatchObject({ tags: ['X'], publishToProd: {} });
    // The first tag becomes the engine's tag (decision 002).
    expect(compileStored(stored).rule).toEqual({ ...first, tag: 'X' });
  });
  it('engine issues carry the path the JSON editor marks', () => {
    expect(engineIssues({ id: 0, name: 'x', discountValue: { '1': 3 } })).toEqual([
      { path: 'discountValue', message: 'Discount value: Percent values are fractions (0.2 = 20%)' },
    ]);
    expect(engineIssues({ id: 0, name: 'x' })).toEqual([]);
  });
});
