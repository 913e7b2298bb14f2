import { isDayEdge, pacificDateValue, secondsFromPacificDate } from '@domain/promos/pacific-time';
import type { PromoIssue, PromoRuleRecord } from '@domain/promos/tool';
import { defaultTimestamps, type FirestoreSeconds, type PromoCollection } from '@domain/promos/tool-rules';

// The promo tool's editor state (spec 3 §4 Promo editor): the mode, the collection, the rules
// picked, the rule's JSON text, its window, tags and delayed deploy, and the server's errors.

export type Mode = 'none' | 'create' | 'edit' | 'bulk';
export const MODES: { value: Mode; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'create', label: 'Create Promo' },
  { value: 'edit', label: 'Edit Promo' },
  { value: 'bulk', label: 'Bulk Edit' },
];

/** Create starts an empty rule: inactive, no priority, stop off (spec 3 §4). */
const EMPTY_RULE_TEXT = JSON.stringify({ name: '', id: 0, active: false, stop: false }, null, 2);

export const secondsOf = (s: FirestoreSeconds | undefined) => (s ? s._seconds : null);
/** A rule's window is in whole days when it starts at 12:00a and ends at 11:59p Pacific (or never). */
const inWholeDays = (start: number | null, end: number | null) =>
  (start === null || isDayEdge(start, 'start')) && (end === null || isDayEdge(end, 'end'));

export interface PromoEditor {
  mode: Mode;
  collection: PromoCollection;
  selected: PromoRuleRecord[];
  text: string;
  tags: string[];
  start: number | null;
  end: number | null;
  /** Business promos run whole days, 12:00a to 11:59p Pacific (spec 3 §4): pick days, not times. */
  wholeDays: boolean;
  delayed: boolean;
  publishAt: number | null;
  errors: PromoIssue[];
  /** The text the server's errors are about: they are shown on its lines while it is unchanged. */
  errorsFor: string | null;
}

export const INITIAL_EDITOR: PromoEditor = {
  mode: 'none',
  collection: 'drafts',
  selected: [],
  text: '',
  tags: [],
  start: null,
  end: null,
  wholeDays: true,
  delayed: false,
  publishAt: null,
  errors: [],
  errorsFor: null,
};

export type PromoEditorAction =
  /** Choosing a mode clears the selection (spec 3 §4); Create starts an empty rule from now. */
  | { type: 'mode'; mode: Mode; now: Date }
  | { type: 'collection'; collection: PromoCollection }
  /** Edit loads a rule by name with its timestamps and publishToProd (spec 3 §4). */
  | { type: 'load'; record: PromoRuleRecord }
  /** A rule found by its name in the address (/promos/editor/{promoName}), opened for editing. */
  | { type: 'open'; record: PromoRuleRecord }
  | { type: 'saved'; record: PromoRuleRecord }
  | { type: 'clear' }
  | { type: 'select'; selected: PromoRuleRecord[] }
  | { type: 'edit'; patch: Partial<Pick<PromoEditor, 'text' | 'tags' | 'start' | 'end' | 'publishAt'>> }
  | { type: 'wholeDays'; on: boolean }
  /** Switching delayed deploy off clears the publish date (spec 3 §4). */
  | { type: 'delayed'; on: boolean }
  | { type: 'refused'; errors: PromoIssue[]; text: string };

const cleared = (editor: PromoEditor): PromoEditor => ({
  ...editor,
  selected: [],
  text: '',
  tags: [],
  start: null,
  end: null,
  wholeDays: true,
  delayed: false,
  publishAt: null,
  errors: [],
});

function loaded(editor: PromoEditor, r: PromoRuleRecord): PromoEditor {
  const { timestamps: _window, ...rest } = r.rule;
  const ruleWindow = r.rule.timestamps as { start?: number; end?: number } | undefined;
  const start = secondsOf(r.timestamps.start) ?? (ruleWindow?.start ? ruleWindow.start : null);
  const end = secondsOf(r.timestamps.end);
  const publish = '_seconds' in r.publishToProd ? (r.publishToProd as FirestoreSeconds) : undefined;
  return {
    ...editor,
    selected: [r],
    text: JSON.stringify(rest, null, 2),
    tags: r.tags,
    start,
    end,
    wholeDays: inWholeDays(start, end),
    delayed: Boolean(publish),
    publishAt: secondsOf(publish),
    errors: [],
  };
}

export function promoEditor(editor: PromoEditor, action: PromoEditorAction): PromoEditor {
  switch (action.type) {
    case 'mode': {
      const next = { ...cleared(editor), mode: action.mode };
      if (action.mode !== 'create') return next;
      return {
        ...next,
        text: EMPTY_RULE_TEXT,
        start: secondsOf(defaultTimestamps(action.now).start),
        collection: editor.collection === 'production' ? 'drafts' : editor.collection,
      };
    }
    case 'collection': {
      const next = { ...editor, collection: action.collection };
      return editor.mode === 'create' ? next : cleared(next);
    }
    case 'load':
      return loaded(editor, action.record);
    case 'open':
      return loaded({ ...editor, mode: 'edit', collection: action.record.collection }, action.record);
    case 'saved':
      return loaded({ ...editor, mode: 'edit' }, action.record);
    case 'clear':
      return cleared(editor);
    case 'select':
      return { ...editor, selected: action.selected };
    case 'edit':
      return { ...editor, ...action.patch };
    case 'wholeDays': {
      // Whole days start at 12:00a and end at 11:59p Pacific on the days already picked.
      const { start, end } = editor;
      const snap = action.on;
      return {
        ...editor,
        wholeDays: action.on,
        start: snap && start !== null ? secondsFromPacificDate(pacificDateValue(start), 'start') : start,
        end: snap && end !== null ? secondsFromPacificDate(pacificDateValue(end), 'end') : end,
      };
    }
    case 'delayed':
      return { ...editor, delayed: action.on, publishAt: action.on ? editor.publishAt : null };
    case 'refused':
      return { ...editor, errors: action.errors, errorsFor: action.text };
  }
}
