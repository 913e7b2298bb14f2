// Compiling rules once: sets for fast membership, the engine order (DESIGN §6: sort by priority),
// and an index by trigger (SKU, promo code, or cart-wide) × region × user type, so that pricing a
// cart touches only the rules that could apply to it (ADR 002).
import { SKU } from '@domain/reference';
import type { PromoRule } from '../promos/rule';
import { normalizeChannel } from './channel';
import type { NotAppliedCode } from './types';

/** A failure explanation (the shape of validity.ts's Failure, kept here to avoid an import cycle). */
interface Failure {
  code: NotAppliedCode;
  message: string;
}

export interface CompiledRule {
  readonly rule: PromoRule;
  /** Position in engine order. */
  readonly order: number;
  // Copies of the fields every pricing reads, on one object shape: rules parsed from different
  // inputs have different shapes, and reading them in the hot loop was slow.
  readonly name: string;
  readonly type: number;
  readonly priority: number;
  readonly active: boolean;
  readonly start: number;
  readonly end: number;
  readonly stop: boolean;
  readonly dropGWPs: boolean;
  /** Some validity check after the window and channel applies (milestone, new users, …). */
  readonly otherChecks: boolean;
  readonly tag: string | undefined;
  readonly cartCounter: boolean;
  readonly discountValue: PromoRule['discountValue'];
  readonly spendThreshold: PromoRule['spendThreshold'];
  /** The rule lists exclusionItems (most do not: isOrdinary skips the set then). */
  readonly hasExclusions: boolean;
  /** conditionQuantity and actionQuantity, read by every qualify (limitOnePerEmail: at most 1). */
  readonly conditionMin: number;
  readonly combineConditionItems: boolean;
  readonly skip: boolean;
  readonly oneForOne: boolean;
  readonly maxApplications: number;
  readonly perConditionItem: number;
  readonly autoAdd: boolean;
  readonly conditionSet: ReadonlySet<string>;
  readonly actionSet: ReadonlySet<string>;
  /**
   * The distinct condition and action SKUs in list order (the sets' order), as arrays: walking a
   * Set allocates an iterator result per SKU unless the loop is optimised.
   */
  readonly conditionSkus: readonly string[];
  readonly actionSkus: readonly string[];
  readonly exclusionSet: ReadonlySet<string>;
  readonly disqualificationSet: ReadonlySet<string>;
  /** Lower-cased promo codes. */
  readonly codes: ReadonlySet<string>;
  /** Null: any channel. */
  readonly channels: ReadonlySet<string | number> | null;
  readonly regions: ReadonlySet<number> | null;
  readonly userTypes: ReadonlySet<number> | null;
  /** Type 25's tiers, lowest `min` first (input order among equals); empty for other types. */
  readonly tiers: readonly RuleTier[];
  /** SKUs of which one must be in the cart for the rule to do anything; empty: cart-wide. */
  readonly triggers: readonly string[];
  /**
   * Messages that depend only on the rule (and one cart fact), built the first time a pricing
   * needs them and reused by later pricings: explaining every rule stays cheap.
   */
  readonly memo: RuleMemo;
}

/** Failures are shared between pricings once memoised: callers copy them, never change them. */
export class RuleMemo {
  userType: Map<number, Failure> | undefined = undefined;
  region: Map<number, Failure> | undefined = undefined;
  channel: Map<string | number, Failure> | undefined = undefined;
  notStarted: Failure | undefined = undefined;
  ended: Failure | undefined = undefined;
  codeMissing: Failure | undefined = undefined;
  stopped: Failure | undefined = undefined;
  noActionItems: Failure | undefined = undefined;
  conditionNotMet: Failure | undefined = undefined;
  poolTooSmall: Failure | undefined = undefined;
}

/**
 * Postings: pairs of bucket and rule order, flat ([bucket, order, bucket, order, …]), orders
 * ascending. Bucket = region (0 any) × 16 + user type (0 any). Every SKU's and code's postings lie
 * in one array, key after key (`keyStart`), so compiling 20,000 rules grows no array per key.
 */
export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  /** Key number of each posted SKU, and of each lower-cased promo code. */
  readonly bySku: ReadonlyMap<string, number>;
  readonly byCode: ReadonlyMap<string, number>;
  /** Postings of key k: pairs keyStart[k] up to keyStart[k + 1] of `postings`. */
  readonly keyStart: Int32Array;
  readonly postings: Float64Array;
  readonly cartWide: readonly number[];
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

/** One shared empty set for the (many) empty SKU lists: nothing ever adds to a compiled set. */
const EMPTY: ReadonlySet<never> = new Set<never>();

const setOf = <T>(values: readonly T[]): ReadonlySet<T> => (values.length === 0 ? EMPTY : new Set(values));

/** The values in order, each once: the list itself when it has no repeats (most do not). */
function distinct(values: readonly string[]): readonly string[] {
  for (let i = 1; i < values.length; i++) {
    if (values.lastIndexOf(values[i] as string, i - 1) >= 0) return [...new Set(values)];
  }
  return values;
}

const setOrNull = <T>(values: readonly T[] | undefined): ReadonlySet<T> | null =>
  values && values.length > 0 ? new Set(values) : null;

function channelsOf(rule: PromoRule): ReadonlySet<string | number> | null {
  if ((rule.channels === undefined || rule.channels.length === 0) && rule.channel === undefined) return null;
  const list = [...(rule.channels ?? []), ...(rule.channel === undefined ? [] : [rule.channel])];
  return new Set(list.map(normalizeChannel));
}

function codesOf(codes: readonly string[]): ReadonlySet<string> {
  if (codes.length === 0) return EMPTY;
  const out = new Set<string>();
  for (const code of codes) out.add(code.toLowerCase());
  return out;
}

type RuleTier = NonNullable<PromoRule['tiers']>[number];

const NO_TIERS: readonly RuleTier[] = [];

const tiersOf = (rule: PromoRule): readonly RuleTier[] =>
  rule.tiers && rule.tiers.length > 0 ? [...rule.tiers].sort((a, b) => a.min - b.min) : NO_TIERS;

const FLAG = {
  active: 1,
  stop: 2,
  dropGWPs: 4,
  otherChecks: 8,
  cartCounter: 16,
  hasExclusions: 32,
  combineConditionItems: 64,
  skip: 128,
  oneForOne: 256,
  autoAdd: 512,
  // Lists the rule has: without them a set or list getter answers at once, building nothing.
  hasConditions: 1024,
  hasDisqualifications: 2048,
  hasCodes: 4096,
  hasChannels: 8192,
  hasRegions: 16384,
  hasUserTypes: 32768,
} as const;

const NO_SKUS: readonly string[] = [];

/** Buy X get Y types: one application is X condition units bought, then Y action units given. */
const BUY_GET_TYPES: readonly number[] = [7, 8];

/**
 * A buy X get Y rule whose condition and action SKUs overlap: its units come from one pool, so a
 * unit counted toward the condition is never also the free one (ADR 023), whatever `skip` says.
 */
function givesConditionUnits(rule: PromoRule): boolean {
  if (!BUY_GET_TYPES.includes(rule.id) || rule.conditionItems.length === 0) return false;
  const actions = rule.actionItems;
  return rule.conditionItems.some((sku) => actions.includes(sku));
}

/**
 * A compiled rule. The sets are built the first time a pricing reads them: a cart touches a few
 * hundred of 20,000 rules, and building every set up front made compiling slow.
 */
class RuleEntry implements CompiledRule {
  readonly name: string;
  readonly type: number;
  readonly priority: number;
  readonly start: number;
  readonly end: number;
  readonly tag: string | undefined;
  readonly discountValue: PromoRule['discountValue'];
  readonly spendThreshold: PromoRule['spendThreshold'];
  readonly conditionMin: number;
  readonly maxApplications: number;
  readonly perConditionItem: number;
  readonly triggers: readonly string[];
  /** The rule's yes/no fields as bits (FLAG below): one field instead of ten per compiled rule. */
  private readonly flags: number;
  /** Sets, lists and messages built on first use, on one object allocated when first needed. */
  private lazy: LazyParts | null = null;
  /** Failure messages, on the rule itself: explaining every rule needs them and nothing else. */
  private memoOf: RuleMemo | null = null;

  constructor(
    readonly rule: PromoRule,
    readonly order: number,
  ) {
    this.name = rule.name;
    this.type = rule.id;
    this.priority = rule.priority;
    this.start = rule.timestamps.start;
    this.end = rule.timestamps.end;
    this.tag = rule.tag;
    this.discountValue = rule.discountValue;
    this.spendThreshold = rule.spendThreshold;
    const { conditionQuantity, actionQuantity } = rule;
    this.conditionMin = conditionQuantity.min;
    this.maxApplications = rule.limitOnePerEmail ? 1 : actionQuantity.max;
    this.perConditionItem = actionQuantity.perConditionItem;
    this.triggers = triggersOf(rule);
    const otherChecks =
      rule.milestone !== undefined ||
      rule.newUsersOnly ||
      rule.hasInfluencer ||
      rule.subscriptionBased ||
      rule.anniversary ||
      rule.id === 24 ||
      rule.limitOnePerEmail;
    this.flags =
      (rule.active ? FLAG.active : 0) |
      (rule.stop ? FLAG.stop : 0) |
      (rule.dropGWPs ? FLAG.dropGWPs : 0) |
      (otherChecks ? FLAG.otherChecks : 0) |
      (rule.cartCounter ? FLAG.cartCounter : 0) |
      (rule.exclusionItems.length > 0 ? FLAG.hasExclusions : 0) |
      (conditionQuantity.combineConditionItems ? FLAG.combineConditionItems : 0) |
      (conditionQuantity.skip || givesConditionUnits(rule) ? FLAG.skip : 0) |
      (rule.oneForOne ? FLAG.oneForOne : 0) |
      (rule.autoAdd ? FLAG.autoAdd : 0) |
      (rule.conditionItems.length > 0 ? FLAG.hasConditions : 0) |
      (rule.disqualificationItems.length > 0 ? FLAG.hasDisqualifications : 0) |
      (rule.code.length > 0 ? FLAG.hasCodes : 0) |
      ((rule.channels !== undefined && rule.channels.length > 0) || rule.channel !== undefined
        ? FLAG.hasChannels
        : 0) |
      (rule.regionId.length > 0 ? FLAG.hasRegions : 0) |
      (rule.userTypes.length > 0 ? FLAG.hasUserTypes : 0);
  }

  get active(): boolean {
    return (this.flags & FLAG.active) !== 0;
  }
  get stop(): boolean {
    return (this.flags & FLAG.stop) !== 0;
  }
  get dropGWPs(): boolean {
    return (this.flags & FLAG.dropGWPs) !== 0;
  }
  get otherChecks(): boolean {
    return (this.flags & FLAG.otherChecks) !== 0;
  }
  get cartCounter(): boolean {
    return (this.flags & FLAG.cartCounter) !== 0;
  }
  get hasExclusions(): boolean {
    return (this.flags & FLAG.hasExclusions) !== 0;
  }
  get combineConditionItems(): boolean {
    return (this.flags & FLAG.combineConditionItems) !== 0;
  }
  get skip(): boolean {
    return (this.flags & FLAG.skip) !== 0;
  }
  get oneForOne(): boolean {
    return (this.flags & FLAG.oneForOne) !== 0;
  }
  get autoAdd(): boolean {
    return (this.flags & FLAG.autoAdd) !== 0;
  }

  private get parts(): LazyParts {
    this.lazy ??= new LazyParts();
    return this.lazy;
  }
  get conditionSet(): ReadonlySet<string> {
    if ((this.flags & FLAG.hasConditions) === 0) return EMPTY;
    const p = this.parts;
    p.conditions ??= setOf(this.rule.conditionItems);
    return p.conditions;
  }
  get actionSet(): ReadonlySet<string> {
    const p = this.parts;
    p.actions ??= setOf(this.rule.actionItems);
    return p.actions;
  }
  get conditionSkus(): readonly string[] {
    if ((this.flags & FLAG.hasConditions) === 0) return NO_SKUS;
    const p = this.parts;
    p.conditionList ??= distinct(this.rule.conditionItems);
    return p.conditionList;
  }
  get actionSkus(): readonly string[] {
    const p = this.parts;
    p.actionList ??= distinct(this.rule.actionItems);
    return p.actionList;
  }
  get exclusionSet(): ReadonlySet<string> {
    const p = this.parts;
    p.exclusions ??= setOf(this.rule.exclusionItems);
    return p.exclusions;
  }
  get disqualificationSet(): ReadonlySet<string> {
    if ((this.flags & FLAG.hasDisqualifications) === 0) return EMPTY;
    const p = this.parts;
    p.disqualifications ??= setOf(this.rule.disqualificationItems);
    return p.disqualifications;
  }
  get codes(): ReadonlySet<string> {
    if ((this.flags & FLAG.hasCodes) === 0) return EMPTY;
    const p = this.parts;
    p.lowerCodes ??= codesOf(this.rule.code);
    return p.lowerCodes;
  }
  get channels(): ReadonlySet<string | number> | null {
    if ((this.flags & FLAG.hasChannels) === 0) return null;
    const p = this.parts;
    if (p.channelSet === undefined) p.channelSet = channelsOf(this.rule);
    return p.channelSet;
  }
  get regions(): ReadonlySet<number> | null {
    if ((this.flags & FLAG.hasRegions) === 0) return null;
    const p = this.parts;
    if (p.regionSet === undefined) p.regionSet = setOrNull(this.rule.regionId);
    return p.regionSet;
  }
  get userTypes(): ReadonlySet<number> | null {
    if ((this.flags & FLAG.hasUserTypes) === 0) return null;
    const p = this.parts;
    if (p.userTypeSet === undefined) p.userTypeSet = setOrNull(this.rule.userTypes);
    return p.userTypeSet;
  }
  get tiers(): readonly RuleTier[] {
    const p = this.parts;
    p.tiersAscending ??= tiersOf(this.rule);
    return p.tiersAscending;
  }
  get memo(): RuleMemo {
    this.memoOf ??= new RuleMemo();
    return this.memoOf;
  }
}

/**
 * What a compiled rule builds the first time a pricing needs it. Most of 20,000 rules are never
 * retrieved: keeping these off the rule keeps every compiled rule small.
 */
class LazyParts {
  conditions: ReadonlySet<string> | null = null;
  actions: ReadonlySet<string> | null = null;
  conditionList: readonly string[] | null = null;
  actionList: readonly string[] | null = null;
  exclusions: ReadonlySet<string> | null = null;
  disqualifications: ReadonlySet<string> | null = null;
  lowerCodes: ReadonlySet<string> | null = null;
  channelSet: ReadonlySet<string | number> | null | undefined = undefined;
  regionSet: ReadonlySet<number> | null | undefined = undefined;
  userTypeSet: ReadonlySet<number> | null | undefined = undefined;
  tiersAscending: readonly RuleTier[] | null = null;
}

export function bucketOf(region: number, userType: number): number {
  return region * 16 + userType;
}

const ANY_BUCKET: readonly number[] = [bucketOf(0, 0)];

function bucketsOf(rule: PromoRule): readonly number[] {
  if (rule.regionId.length === 0 && rule.userTypes.length === 0) return ANY_BUCKET;
  const regions = rule.regionId.length > 0 ? rule.regionId : [0];
  const types = rule.userTypes.length > 0 ? rule.userTypes : [0];
  const out: number[] = [];
  for (const r of regions) for (const t of types) out.push(bucketOf(r, t));
  return out;
}

/**
 * Collects (key, bucket, order) postings in order, then lays them out key after key. A rule is
 * posted under a key once, however often it lists it.
 */
class PostingsBuilder {
  private keyOf = new Int32Array(1024);
  private bucketOf = new Float64Array(1024);
  private orderOf = new Int32Array(1024);
  private count = 0;
  /** Last order posted under each key. */
  private readonly lastOrder: number[] = [];

  key(keys: Map<string, number>, name: string): number {
    let k = keys.get(name);
    if (k === undefined) {
      k = this.lastOrder.length;
      keys.set(name, k);
      this.lastOrder.push(-1);
    }
    return k;
  }

  add(key: number, buckets: readonly number[], order: number): void {
    if (this.lastOrder[key] === order) return;
    this.lastOrder[key] = order;
    if (this.count + buckets.length > this.keyOf.length) this.grow(this.count + buckets.length);
    for (let i = 0; i < buckets.length; i++) {
      this.keyOf[this.count] = key;
      this.bucketOf[this.count] = buckets[i] as number;
      this.orderOf[this.count] = order;
      this.count++;
    }
  }

  private grow(need: number): void {
    const size = Math.max(need, this.keyOf.length * 2);
    const keyOf = new Int32Array(size);
    keyOf.set(this.keyOf);
    const bucketOf = new Float64Array(size);
    bucketOf.set(this.bucketOf);
    const orderOf = new Int32Array(size);
    orderOf.set(this.orderOf);
    this.keyOf = keyOf;
    this.bucketOf = bucketOf;
    this.orderOf = orderOf;
  }

  build(): { keyStart: Int32Array; postings: Float64Array } {
    const keys = this.lastOrder.length;
    const keyStart = new Int32Array(keys + 1);
    for (let i = 0; i < this.count; i++) {
      const k = (this.keyOf[i] as number) + 1;
      keyStart[k] = (keyStart[k] as number) + 1;
    }
    for (let k = 0; k < keys; k++) keyStart[k + 1] = (keyStart[k + 1] as number) + (keyStart[k] as number);
    // Each posting goes to the next free pair of its key, so orders stay ascending within a key.
    const next = keyStart.slice(0, keys);
    const postings = new Float64Array(2 * this.count);
    for (let i = 0; i < this.count; i++) {
      const k = this.keyOf[i] as number;
      const at = (next[k] as number) * 2;
      next[k] = (next[k] as number) + 1;
      postings[at] = this.bucketOf[i] as number;
      postings[at + 1] = this.orderOf[i] as number;
    }
    return { keyStart, postings };
  }
}

/**
 * Input positions in engine order: priority descending, input order among equals. Integer
 * priorities (the schema's) sort as one number each, position included, without a comparator;
 * anything else falls back to the comparator sort.
 */
function engineOrder(input: readonly PromoRule[]): number[] {
  const n = input.length;
  const priority = new Float64Array(n);
  let min = 0;
  let max = 0;
  let integral = true;
  for (let i = 0; i < n; i++) {
    const p = (input[i] as PromoRule).priority;
    priority[i] = p;
    if (!Number.isSafeInteger(p)) integral = false;
    if (i === 0 || p < min) min = p;
    if (i === 0 || p > max) max = p;
  }
  const positions: number[] = new Array(n);
  if (integral && (max - min + 1) * n <= Number.MAX_SAFE_INTEGER) {
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = (max - (priority[i] as number)) * n + i;
    keys.sort();
    for (let j = 0; j < n; j++) positions[j] = (keys[j] as number) % n;
    return positions;
  }
  for (let i = 0; i < n; i++) positions[i] = i;
  return positions.sort((a, b) => (priority[b] as number) - (priority[a] as number) || a - b);
}

/** Compiles rules for pricing: engine order is priority descending, input order among equals. */
export function compileRules(input: readonly PromoRule[]): CompiledRules {
  const positions = engineOrder(input);
  const rules: CompiledRule[] = new Array(positions.length);
  const bySku = new Map<string, number>();
  const byCode = new Map<string, number>();
  const index = new PostingsBuilder();
  const cartWide: number[] = [];
  const inactive: number[] = [];
  for (let order = 0; order < positions.length; order++) {
    const rule = input[positions[order] as number] as PromoRule;
    const compiled = new RuleEntry(rule, order);
    rules[order] = compiled;
    if (!rule.active) {
      inactive.push(order);
      continue;
    }
    const buckets = bucketsOf(rule);
    // A rule with codes can only apply when one is entered: index it by code alone.
    const codes = rule.code;
    if (codes.length > 0) {
      for (let i = 0; i < codes.length; i++) {
        index.add(index.key(byCode, (codes[i] as string).toLowerCase()), buckets, order);
      }
    } else if (compiled.triggers.length > 0) {
      const triggers = compiled.triggers;
      for (let i = 0; i < triggers.length; i++)
        index.add(index.key(bySku, triggers[i] as string), buckets, order);
    } else {
      for (let i = 0; i < buckets.length; i++) cartWide.push(buckets[i] as number, order);
    }
  }
  return { rules, bySku, byCode, ...index.build(), cartWide, inactive };
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
  const b0 = bucketOf(0, 0);
  const b1 = bucketOf(0, userType);
  const b2 = bucketOf(regionId, 0);
  const b3 = bucketOf(regionId, userType);
  const seen = new Uint8Array(compiled.rules.length);
  const out: number[] = [];
  const take = (postings: ArrayLike<number>, from: number, to: number) => {
    for (let i = from; i < to; i += 2) {
      const bucket = postings[i];
      if (bucket !== b0 && bucket !== b1 && bucket !== b2 && bucket !== b3) continue;
      const order = postings[i + 1] as number;
      if (seen[order] === 1) continue;
      seen[order] = 1;
      out.push(order);
    }
  };
  const { keyStart, postings } = compiled;
  const takeKey = (key: number | undefined) => {
    if (key !== undefined) take(postings, 2 * (keyStart[key] as number), 2 * (keyStart[key + 1] as number));
  };
  take(compiled.cartWide, 0, compiled.cartWide.length);
  for (const sku of skus) takeKey(compiled.bySku.get(sku));
  for (const code of codes) takeKey(compiled.byCode.get(code));
  // Many hits: reading the bitmap in order is cheaper than sorting them.
  if (out.length * 16 < seen.length) return out.sort((a, b) => a - b);
  let k = 0;
  for (let order = 0; order < seen.length; order++) if (seen[order] === 1) out[k++] = order;
  return out;
}
