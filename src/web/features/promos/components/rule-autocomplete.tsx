import type { PromoRuleRecord } from '@domain/promos/tool';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

const sameRule = (a: PromoRuleRecord, b: PromoRuleRecord) =>
  a.name === b.name && a.collection === b.collection;
const ruleName = (r: PromoRuleRecord) => r.name;
const SX = { flex: 1, minWidth: 220 };

export type RuleAutocompleteProps = { options: PromoRuleRecord[] } & (
  | { multiple: false; value: PromoRuleRecord | null; onChange: (rule: PromoRuleRecord | null) => void }
  | { multiple: true; value: PromoRuleRecord[]; onChange: (rules: PromoRuleRecord[]) => void }
);

/**
 * The promo tool's rule picker: the rule to edit, or the rules of a bulk edit (spec 3 §2, §4). Its
 * own chunk: the tool opens in neither mode, and MUI's Autocomplete and its popper come with the
 * mode that needs them (ADR 049).
 */
export function RuleAutocomplete(props: RuleAutocompleteProps) {
  // What the two pickers share; they differ in what they hold (one rule or several) and their label.
  const shared = {
    sx: SX,
    size: 'small',
    options: props.options,
    getOptionLabel: ruleName,
    isOptionEqualToValue: sameRule,
  } as const;
  return props.multiple ? (
    <Autocomplete
      {...shared}
      multiple
      value={props.value}
      onChange={(_e, rules) => props.onChange(rules)}
      renderInput={(params) => <TextField {...params} label="Rules" />}
    />
  ) : (
    <Autocomplete
      {...shared}
      value={props.value}
      onChange={(_e, rule) => props.onChange(rule)}
      renderInput={(params) => <TextField {...params} label="Rule" />}
    />
  );
}
