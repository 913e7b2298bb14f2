// Compiling rules once: sets for fast membership, the engine order (DESIGN §6: sort by priority),
// and an index by trigger (SKU, promo code, or cart-wide) × region × user type, so that pricing a
// cart touches only the rules that could apply to it (issue 3, Performance).
import { SKU } from '@domain/reference';
import type { PromoRule } from '../promos/rule';
import { normalizeChannel } from './channel';

export interface CompiledRule {
  readonly rule: PromoRule;
  /** Position in engine order. */
  readonly order: number;
  readonly conditionSet: ReadonlySet<string>;
  readonly actionSet: ReadonlySet<string>;
  readonly exclusionSet: ReadonlySet<string>;
  readonly disqualificationSet: ReadonlySet<string>;
  /** Lower-cased promo codes. */
  readonly codes: ReadonlySet<string>;
  /** Null: any channel. */
  readonly channels: ReadonlySet<string | number> | null;
  readonly regions: ReadonlySet<number> | null;
  readonly userTypes: ReadonlySet<number> | null;
  /** SKUs of which one must be in the cart for the rule to do anything; empty: cart-wide. */
  readonly triggers: readonly string[];
}

/** Bucket → rule orders, ascending. Bucket = region (0 any) × 16 + user type (0 any). */
type Postings = Map<number, number[]>;

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  readonly bySku: ReadonlyMap<string, Postings>;
  readonly byCode: ReadonlyMap<string, Postings>;
  readonly cartWide: Postings;
  /** Inactive rules are never valid: kept for explanations, left out of the index. */
  readonly inactive: readonly number[];
}

/** SKUs whose presence a rule needs, by type (DESIGN §6). Empty means the rule acts on the whole cart. */
function triggersOf(rule: PromoRule): readonly string[] {
  if (rule.conditionItems.length > 0) return rule.conditionItems;
  const actions = rule.actionItems;
  switch (rule.id) {
    case 0:
    case 1:
    case 2:
    case 8:
    case 9:
    case 20:
    case 22:
    case 23:
    case 25:
      return actions;
    case 7:
      return rule.autoAdd ? [] : actions;
    case 21:
      if (actions.length > 0) return actions;
      return [
        ...(rule.validateBoB ? [SKU.memberProgram] : []),
        ...(rule.validateRenewal ? [SKU.renewal] : []),
      ];
    default:
      return [];
  }
}

const setOrNull = <T>(values: readonly T[] | undefined): ReadonlySet<T> | null =>
  values && values.length > 0 ? new Set(values) : null;

function channelsOf(rule: PromoRule): ReadonlySet<string | number> | null {
  const list = [...(rule.channels ?? []), ...(rule.channel === undefined ? [] : [rule.channel])];
  return list.length > 0 ? new Set(list.map(normalizeChannel)) : null;
}

export function bucketOf(region: number, userType: number): number {
  return region * 16 + userType;
}

function post(map: Postings, buckets: readonly number[], order: number): void {
  for (const b of buckets) {
    const list = map.get(b);
    if (list) list.push(order);
    else map.set(b, [order]);
  }
}

/** Compiles rules for pricing: engine order is priority descending, input order among equals. */
export function compileRules(input: readonly PromoRule[]): CompiledRules {
  const sorted = input
    .map((rule, position) => ({ rule, position }))
    .sort((a, b) => b.rule.priority - a.rule.priority || a.position - b.position);
  const rules: CompiledRule[] = [];
  const bySku = new Map<string, Postings>();
  const byCode = new Map<string, Postings>();
  const cartWide: Postings = new Map();
  const inactive: number[] = [];
  for (const { rule } of sorted) {
    const order = rules.length;
    const compiled: CompiledRule = {
      rule,
      order,
      conditionSet: new Set(rule.conditionItems),
      actionSet: new Set(rule.actionItems),
      exclusionSet: new Set(rule.exclusionItems),
      disqualificationSet: new Set(rule.disqualificationItems),
      codes: new Set(rule.code.map((c) => c.toLowerCase())),
      channels: channelsOf(rule),
      regions: setOrNull(rule.regionId),
      userTypes: setOrNull(rule.userTypes),
      triggers: triggersOf(rule),
    };
    rules.push(compiled);
    if (!rule.active) {
      inactive.push(order);
      continue;
    }
    const regions = rule.regionId.length > 0 ? rule.regionId : [0];
    const types = rule.userTypes.length > 0 ? rule.userTypes : [0];
    const buckets = regions.flatMap((r) => types.map((t) => bucketOf(r, t)));
    // A rule with codes can only apply when one is entered: index it by code alone.
    const [keys, target] =
      compiled.codes.size > 0
        ? [[...compiled.codes], byCode]
        : compiled.triggers.length > 0
          ? [compiled.triggers, bySku]
          : [null, null];
    if (keys === null || target === null) {
      post(cartWide, buckets, order);
      continue;
    }
    for (const key of new Set(keys)) {
      let postings = target.get(key);
      if (!postings) {
        postings = new Map();
        target.set(key, postings);
      }
      post(postings, buckets, order);
    }
  }
  return { rules, bySku, byCode, cartWide, inactive };
}

/**
 * Orders of the rules that could apply to a cart with these SKUs and codes, ascending (engine
 * order). Cost follows the postings hit, not the number of rules.
 */
export function candidatesFor(
  compiled: CompiledRules,
  skus: Iterable<string>,
  codes: Iterable<string>,
  regionId: number,
  userType: number,
): number[] {
  const buckets = [
    bucketOf(0, 0),
    bucketOf(0, userType),
    bucketOf(regionId, 0),
    bucketOf(regionId, userType),
  ];
  const seen = new Uint8Array(compiled.rules.length);
  const out: number[] = [];
  const take = (postings: Postings | undefined) => {
    if (!postings) return;
    for (const b of buckets) {
      const list = postings.get(b);
      if (!list) continue;
      for (const order of list) {
        if (seen[order] === 1) continue;
        seen[order] = 1;
        out.push(order);
      }
    }
  };
  take(compiled.cartWide);
  for (const sku of skus) take(compiled.bySku.get(sku));
  for (const code of codes) take(compiled.byCode.get(code));
  return out.sort((a, b) => a - b);
}
