import { describe, expect, it } from 'vitest';
import {
  hasSelection,
  isRowSelected,
  NO_SELECTION,
  type PayoutSelection,
  type SelectionAction,
  selectionArgs,
  selectionReducer,
} from './selection';

const run = (...actions: SelectionAction[]) =>
  actions.reduce<PayoutSelection>(selectionReducer, NO_SELECTION);
const toggle = (id: string): SelectionAction => ({ type: 'toggleRow', id });

describe('payout selection (spec 3 §4)', () => {
  it('select-all mode starts with no exclusions', () => {
    const s = run(toggle('1'), { type: 'toggleAll' });
    expect(s).toEqual({ selectAll: true, excludes: [], selection: [] });
    expect(isRowSelected(s, '1')).toBe(true);
    expect(isRowSelected(s, '99')).toBe(true);
    expect(selectionArgs(s)).toEqual({ excludes: [], selection: null });
  });

  it('toggling one row in select-all mode turns select-all off and excludes only that row', () => {
    const s = run({ type: 'toggleAll' }, toggle('7'));
    expect(s).toEqual({ selectAll: false, excludes: ['7'], selection: [] });
    expect(isRowSelected(s, '7')).toBe(false);
    expect(isRowSelected(s, '8')).toBe(true);
    expect(selectionArgs(s)).toEqual({ excludes: ['7'], selection: null });
  });

  it('when the exclusions are exactly the row being toggled, select-all turns back on', () => {
    expect(run({ type: 'toggleAll' }, toggle('7'), toggle('7'))).toEqual({
      selectAll: true,
      excludes: [],
      selection: [],
    });
  });

  it('otherwise adds to or removes from the excluded list', () => {
    const s = run({ type: 'toggleAll' }, toggle('7'), toggle('8'));
    expect(s.excludes).toEqual(['7', '8']);
    const back = selectionReducer(s, toggle('8'));
    expect(back).toEqual({ selectAll: false, excludes: ['7'], selection: [] });
  });

  it('otherwise adds to or removes from the selected list', () => {
    const s = run(toggle('3'), toggle('4'), toggle('3'));
    expect(s).toEqual({ selectAll: false, excludes: [], selection: ['4'] });
    expect(isRowSelected(s, '4')).toBe(true);
    expect(isRowSelected(s, '3')).toBe(false);
    expect(selectionArgs(s)).toEqual({ excludes: [], selection: ['4'] });
    expect(hasSelection(run(toggle('3'), toggle('3')))).toBe(false);
  });

  it('select all again clears an exclusion selection', () => {
    expect(run({ type: 'toggleAll' }, toggle('1'), { type: 'toggleAll' })).toEqual(NO_SELECTION);
  });

  it.each(['periodChanged', 'searchChanged', 'periodsLoaded'] as const)('%s clears selections', (type) => {
    expect(run({ type: 'toggleAll' }, toggle('1'), { type })).toEqual(NO_SELECTION);
    expect(run(toggle('1'), { type })).toEqual(NO_SELECTION);
  });
});
