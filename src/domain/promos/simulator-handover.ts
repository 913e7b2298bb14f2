// What the simulator hands the browser to price (flag promoToolCartApi off, ADR 012). The
// browser runs the same engine with "explain all", so it needs every rule, but not every rule whole:
// - a rule the engine retrieves for the cart (index by SKU, code or cart-wide, region × user type)
//   and that passes the engine's validity checks goes whole: it is the only kind that can change
//   the cart;
// - a rule the validity checks refuse goes as a stub holding the fields those checks read up to
//   the one that fails (and its name, type and priority): the engine refuses it with the same
//   condition and the same words;
// - a rule that passes the checks but is not retrieved goes as a stub holding, besides those, the
//   fields its "not applied" explanation reads (condition and action SKUs, what makes it SKU-triggered).
// Fields left at the engine form's default are left out (the browser parses each rule, filling them
// in again); prices go only for the cart's SKUs and the action SKUs of the whole rules.
import type { CompiledRules, PricingInput } from '../pricing';
import { candidatesFor } from '../pricing/compile';
import { buildContext } from '../pricing/context';
import { firstFailure } from '../pricing/validity';
import { type PromoRule, promoRuleSchema } from './rule';

type Field = keyof PromoRule;

/** Fields the validity checks read, in the engine's order, by the code of the check that fails. */
const VALIDITY_STEPS: { codes: readonly string[]; fields: readonly Field[] }[] = [
  { codes: ['inactive'], fields: ['active'] },
  { codes: ['user_type'], fields: ['userTypes'] },
  { codes: ['region'], fields: ['regionId'] },
  { codes: ['not_started', 'ended'], fields: ['timestamps'] },
  { codes: ['disqualified_sku'], fields: ['disqualificationItems'] },
  { codes: ['channel'], fields: ['channel', 'channels'] },
  { codes: ['code_missing'], fields: ['code'] },
  {
    codes: [
      'milestone',
      'new_users_only',
      'influencer',
      'subscription',
      'anniversary',
      'limit_one_per_email',
    ],
    fields: [
      'milestone',
      'newUsersOnly',
      'hasInfluencer',
      'subscriptionBased',
      'anniversary',
      'limitOnePerEmail',
    ],
  },
];
const ALL_VALIDITY: readonly Field[] = VALIDITY_STEPS.flatMap((s) => s.fields);
/** Every stub: what an explanation names, and what the engine form requires of the type. */
const ALWAYS: readonly Field[] = [
  'name',
  'id',
  'priority',
  'active',
  'spendThreshold',
  'tiers',
  'volumeAdjustment',
  'shippingMethods',
];
/** What a valid rule that is not retrieved is explained from: its triggers and its condition. */
const UNTRIGGERED: readonly Field[] = [
  'conditionItems',
  'conditionQuantity',
  'oneForOne',
  'actionItems',
  'autoAdd',
  'validateBoB',
  'validateRenewal',
];

function fieldsUpTo(code: string): readonly Field[] {
  const at = VALIDITY_STEPS.findIndex((s) => s.codes.includes(code));
  // A check this list does not know: every validity field, so the engine decides as it did.
  if (at < 0) return ALL_VALIDITY;
  return VALIDITY_STEPS.slice(0, at + 1).flatMap((s) => s.fields);
}

let defaults: Record<string, string> | null = null;
/** The engine form's defaults, as JSON, by field. */
function defaultOf(field: string): string | undefined {
  defaults ??= Object.fromEntries(
    Object.entries(promoRuleSchema.parse({ id: 0, name: 'x' })).map(([k, v]) => [k, JSON.stringify(v)]),
  );
  return defaults[field];
}

function pick(rule: PromoRule, fields: Iterable<Field> | null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = fields ?? (Object.keys(rule) as Field[]);
  for (const key of keys) {
    const value = rule[key];
    if (value === undefined) continue;
    if (key !== 'name' && key !== 'id' && JSON.stringify(value) === defaultOf(key)) continue;
    out[key] = value;
  }
  return out;
}

export interface Handover {
  input: PricingInput;
  /** In engine order: whole rules and stubs, each in engine form with defaults left out. */
  rules: Record<string, unknown>[];
  /** How many went whole. */
  whole: number;
}

/** The browser's share of a simulation: the same answer from the engine, in far fewer bytes. */
export function browserHandover(input: PricingInput, compiled: CompiledRules): Handover {
  const ctx = buildContext(input);
  const retrieved = new Set(
    candidatesFor(compiled, ctx.shopperSkus, ctx.codes, ctx.regionId, ctx.pricingUserType),
  );
  const rules: Record<string, unknown>[] = [];
  const giftSkus = new Set<string>();
  let whole = 0;
  for (const c of compiled.rules) {
    const failure = firstFailure(c, ctx);
    if (failure) {
      rules.push(pick(c.rule, new Set([...ALWAYS, ...fieldsUpTo(failure.code)])));
    } else if (retrieved.has(c.order)) {
      rules.push(pick(c.rule, null));
      for (const sku of c.rule.actionItems) giftSkus.add(sku);
      whole++;
    } else {
      rules.push(pick(c.rule, new Set([...ALWAYS, ...ALL_VALIDITY, ...UNTRIGGERED])));
    }
  }
  const products = input.products
    ? Object.fromEntries(
        Object.entries(input.products).filter(([sku]) => giftSkus.has(sku) || ctx.shopperSkus.has(sku)),
      )
    : undefined;
  return { input: products ? { ...input, products } : input, rules, whole };
}
