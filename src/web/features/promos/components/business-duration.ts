import { zoneDate } from '@domain/platform/time-zone';
import type { DurationState } from '@domain/promos/business-form';
import { defaultDuration } from '@domain/promos/tool-rules';

// The business form's duration (spec 3 §2: 12:00a to 11:59p Pacific): none, being edited, or
// saved; the dates being edited stay when the duration is saved, removed or the form is sent.

export interface DurationDates {
  start: string;
  end: string;
}
export interface DurationEditor {
  state: DurationState;
  draft: DurationDates;
}
export type DurationAction =
  | { type: 'edit' }
  | { type: 'draft'; patch: Partial<DurationDates> }
  | { type: 'saved' }
  | { type: 'removed' };

export function initialDurationEditor(now = new Date()): DurationEditor {
  const d = defaultDuration(now);
  return {
    state: 'no-duration',
    draft: { start: zoneDate(new Date(d.start * 1000)), end: zoneDate(new Date(d.end * 1000)) },
  };
}

export function durationEditor(editor: DurationEditor, action: DurationAction): DurationEditor {
  switch (action.type) {
    case 'edit':
      return { ...editor, state: 'editing-duration' };
    case 'draft':
      return { ...editor, draft: { ...editor.draft, ...action.patch } };
    case 'saved':
      return { ...editor, state: 'duration-saved' };
    case 'removed':
      return { ...editor, state: 'no-duration' };
  }
}

/** A draft can be saved when both days are set and the end is not before the start. */
export const draftComplete = ({ start, end }: DurationDates) => Boolean(start && end) && end >= start;
