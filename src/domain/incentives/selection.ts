// Payout selection (spec 3 §4 Payout selection), as a pure reducer the payouts screen runs:
// - select-all mode starts with no exclusions;
// - toggling one row in select-all mode turns select-all off and excludes only that row;
// - when the exclusion list is exactly the one row being toggled, select-all turns back on;
// - otherwise rows are added to or removed from the excluded list or the selected list;
// - changing period, search, or loading periods clears selections.
// While the excluded list is not empty, every row but the excluded ones is selected.

export interface PayoutSelection {
  selectAll: boolean;
  excludes: string[];
  selection: string[];
}

export type SelectionAction =
  | { type: 'toggleAll' }
  | { type: 'toggleRow'; id: string }
  | { type: 'periodChanged' }
  | { type: 'searchChanged' }
  | { type: 'periodsLoaded' }
  | { type: 'clear' };

export const NO_SELECTION: PayoutSelection = { selectAll: false, excludes: [], selection: [] };

const toggled = (list: string[], id: string) =>
  list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

export function selectionReducer(state: PayoutSelection, action: SelectionAction): PayoutSelection {
  switch (action.type) {
    case 'toggleAll':
      return state.selectAll || state.excludes.length > 0
        ? NO_SELECTION
        : { selectAll: true, excludes: [], selection: [] };
    case 'toggleRow': {
      const { id } = action;
      if (state.selectAll) return { selectAll: false, excludes: [id], selection: [] };
      if (state.excludes.length === 1 && state.excludes[0] === id) {
        return { selectAll: true, excludes: [], selection: [] };
      }
      if (state.excludes.length > 0) return { ...state, excludes: toggled(state.excludes, id) };
      return { ...state, selection: toggled(state.selection, id) };
    }
    case 'periodChanged':
    case 'searchChanged':
    case 'periodsLoaded':
    case 'clear':
      return NO_SELECTION;
  }
}

/** Everything (but the excluded rows) is selected. */
export const allMode = (s: PayoutSelection) => s.selectAll || s.excludes.length > 0;

export const isRowSelected = (s: PayoutSelection, id: string) =>
  allMode(s) ? !s.excludes.includes(id) : s.selection.includes(id);

export const hasSelection = (s: PayoutSelection) => allMode(s) || s.selection.length > 0;

/** The enrollerIssuePayouts arguments: `selection` null means every payable row of the period and search. */
export function selectionArgs(s: PayoutSelection): { excludes: string[]; selection: string[] | null } {
  return allMode(s) ? { excludes: s.excludes, selection: null } : { excludes: [], selection: s.selection };
}
