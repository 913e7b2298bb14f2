import { deferredField } from '@web/components/form/deferred-field';
import type { ConsultantPickerProps } from './consultant-picker';

export const PICKER_UNAVAILABLE = 'The consultant search did not load. Reload the page to try again.';

/**
 * Consultant quick search (spec 1 §7) whose picker, with MUI's Autocomplete, loads when its field
 * is first focused or pointed at, not with the customer (ADR 044).
 */
export const ConsultantField = deferredField<Omit<ConsultantPickerProps, 'initialText' | 'autoFocus'>>(
  () => import('./consultant-picker').then((m) => m.ConsultantPicker),
  ({ label }) => ({ label, size: 'small', sx: { flex: 1, minWidth: 220 } }),
  PICKER_UNAVAILABLE,
);
