import type { z } from 'zod';
import { RULE_TYPES } from './rule-types';

// A rule's errors in words: "Promotion type must be between 0 and 25", not zod's "id: Too
// big: expected number to be <=25". The path stays as it is (dotted, e.g. `conditionItems.1`): the
// promo tool puts each error on the line of the JSON the path points at.

type Issue = z.core.$ZodIssue;

/** What staff call the rule's fields (spec 3 §3; DESIGN §6). */
const FIELD_LABELS: Record<string, string> = {
  id: 'Promotion type',
  name: 'Name',
  active: 'Active',
  priority: 'Priority',
  stop: 'Stop',
  userTypes: 'User types',
  regionId: 'Countries',
  timestamps: 'Start and end',
  'timestamps.start': 'Start',
  'timestamps.end': 'End',
  publishToProd: 'Publish at',
  tags: 'Tags',
  disqualificationItems: 'Disqualifying SKUs',
  code: 'Promo codes',
  milestone: 'Milestone',
  conditionItems: 'Condition SKUs',
  conditionQuantity: 'Condition quantity',
  'conditionQuantity.min': 'Condition items needed',
  'conditionQuantity.skip': 'Skip condition items',
  'conditionQuantity.combineConditionItems': 'Count condition SKUs together',
  exclusionItems: 'Excluded SKUs',
  actionItems: 'Action SKUs',
  actionQuantity: 'Action quantity',
  'actionQuantity.max': 'Most applications per cart',
  'actionQuantity.perConditionItem': 'Action units per application',
  discountValue: 'Discount value',
  spendThreshold: 'Spend threshold',
  tiers: 'Tiers',
  tierBasis: 'Tier basis',
  shippingMethods: 'Shipping methods',
  volumeAdjustment: 'Volume adjustment',
  startDate: 'Start date',
  endDate: 'End date',
};

const REGION_WORDS: Record<string, string> = { '1': 'United States', '2': 'Canada' };
/** Both bounds of a bounded number, so the sentence can name the range and not only the side broken. */
const RANGES: Record<string, [number, number]> = { id: [0, RULE_TYPES.length - 1] };

/** `camelCase` / `snake_case` → "Camel case". */
function humanize(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** The field a path names, in words: `conditionItems.1` → "Condition SKUs, item 2". */
export function fieldInWords(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'The rule';
  const parts = path.map(String);
  // The longest labelled prefix, then what follows it (array positions counted from 1, regions by name).
  for (let n = parts.length; n > 0; n--) {
    const key = parts.slice(0, n).join('.');
    const label = FIELD_LABELS[key] ?? (n === 1 ? humanize(parts[0]!) : undefined);
    if (!label) continue;
    const rest = parts.slice(n).map((p, i) => {
      if (/^\d+$/.test(p)) {
        const parent = parts[n + i - 1];
        return parent === 'discountValue' || parent === 'spendThreshold'
          ? (REGION_WORDS[p] ?? `region ${p}`)
          : `item ${Number(p) + 1}`;
      }
      return REGION_WORDS[p] ?? humanize(p).toLowerCase();
    });
    return rest.length > 0 ? `${label}, ${rest.join(', ')}` : label;
  }
  return humanize(parts.join(' '));
}

const TYPE_WORDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};
const typeWords = (t: string) => TYPE_WORDS[t] ?? t;

function received(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return 'text';
  if (typeof input === 'number') return Number.isInteger(input) ? 'a whole number' : 'a number';
  if (typeof input === 'boolean') return 'true or false';
  return 'an object';
}

const joinOr = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;

function sentence(issue: Issue, field: string, key: string): string {
  switch (issue.code) {
    case 'too_big':
    case 'too_small': {
      const range = RANGES[key];
      if (range && issue.origin === 'number') return `${field} must be between ${range[0]} and ${range[1]}`;
      const bound = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
      const inclusive = issue.inclusive !== false;
      const side =
        issue.code === 'too_big'
          ? inclusive
            ? 'at most'
            : 'less than'
          : inclusive
            ? 'at least'
            : 'more than';
      if (issue.origin === 'string') {
        if (issue.code === 'too_small' && bound === 1) return `${field} must not be empty`;
        return `${field} must be ${side} ${bound} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        if (issue.code === 'too_small' && bound === 1) return `${field} needs at least one item`;
        return `${field} must have ${side} ${bound} items`;
      }
      return `${field} must be ${side} ${bound}`;
    }
    case 'invalid_type': {
      const got = 'input' in issue ? received(issue.input) : undefined;
      if (got === 'nothing') return `${field} is required`;
      return `${field} must be ${typeWords(issue.expected)}${got ? `, not ${got}` : ''}`;
    }
    case 'invalid_value':
      return `${field} must be ${joinOr(issue.values.map((v) => JSON.stringify(v)))}`;
    case 'unrecognized_keys': {
      const keys = issue.keys.map((k) => `"${k}"`).join(', ');
      return key === 'discountValue' || key === 'spendThreshold'
        ? `${field} is keyed by country: "1" (United States) or "2" (Canada), not ${keys}`
        : `${field} has ${issue.keys.length === 1 ? 'a field' : 'fields'} it does not know: ${keys}`;
    }
    case 'invalid_format':
      return `${field} is not in the right format`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      return `${field} is not a valid value here`;
    case 'invalid_key':
      return `${field} has a key it does not accept`;
    case 'invalid_element':
      return `${field} has a value it does not accept`;
    default:
      // Custom checks of the rule are already written as sentences ("Percent values are fractions …").
      return `${field}: ${issue.message}`;
  }
}

/** One zod issue of a rule as the promo tool shows it: the same path, the message in words. */
export function issueInWords(issue: Issue): { path: string; message: string } {
  const key = issue.path.map(String).join('.');
  return { path: key, message: sentence(issue, fieldInWords(issue.path), key) };
}
