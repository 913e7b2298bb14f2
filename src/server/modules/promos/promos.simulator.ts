import { pricingInput, regionOfLocale } from '@domain/carts';
import { type CompiledRules, compileRules, giftSkusOf, type PricedCart, priceCart } from '@domain/pricing';
import { type PromoRule, promoRuleSchema } from '@domain/promos/rule';
import { simulatorInstance } from '@domain/promos/simulator-cart';
import { browserHandover, type Handover } from '@domain/promos/simulator-handover';
import type {
  PromoCollection,
  SimulateRequest,
  SimulationInput,
  SimulatorSalesTax,
} from '@domain/promos/tool';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { catalogFactsIn, pricingCustomer } from '../carts/carts.service';
import { taxRateOf } from '../checkout/estimate.service';
import * as repo from './promos.repo';
import { compileOrThrow } from './promos.service';

// The promo tool's simulator (spec 3 §2 Promo tool, ADR 012). A collection's rules are parsed (and, when asked,
// compiled) once per change of the collection: 20,000 rules take hundreds of milliseconds to parse
// and tens to compile, far more than pricing a cart with explanations. A cache only: the stamp
// (count and latest updated_at of the collection) is read on every call, like the carts' rules.

interface RuleSet {
  stamp: string;
  rules: PromoRule[];
  compiled: CompiledRules | null;
}

const sets = new WeakMap<Db, Map<string, RuleSet>>();

async function ruleSetOf(ctx: AppContext, collection: PromoCollection, switchOn: boolean): Promise<RuleSet> {
  const stamp = await repo.collectionStamp(ctx.db, collection);
  let perDb = sets.get(ctx.db);
  if (!perDb) {
    perDb = new Map();
    sets.set(ctx.db, perDb);
  }
  const key = `${collection}/${switchOn}`;
  const found = perDb.get(key);
  if (found && found.stamp === stamp) return found;
  const rows = await repo.listRules(ctx.db, [collection]);
  const rules = rows.map((r) => {
    const rule = promoRuleSchema.parse(r.rule);
    return switchOn ? { ...rule, active: true } : rule;
  });
  const set: RuleSet = { stamp, rules, compiled: null };
  perDb.set(key, set);
  return set;
}

function compiledOf(set: RuleSet): CompiledRules {
  set.compiled ??= compileRules(set.rules);
  return set.compiled;
}

/**
 * What the simulator prices: the engine input for the sample cart (prices, volumes, shipping rates
 * and volume lists from the database) and the rules of the collection, with the draft in place.
 * The server prices it (flag promoToolCartApi on) or hands it to the browser to price with the same
 * engine (off).
 */
export async function simulationInput(
  ctx: AppContext,
  input: z.output<typeof SimulateRequest>,
  now: Date = new Date(),
): Promise<SimulationInput & { compiled: RuleSet | null; salesTax: SimulatorSalesTax | null }> {
  const switchOn = input.assumeActive && input.collection !== 'active' && input.collection !== 'production';
  const set = await ruleSetOf(ctx, input.collection, switchOn);
  let rules = set.rules;
  if (input.draft) {
    const { rule } = compileOrThrow(input.draft);
    const draft = input.assumeActive ? { ...rule, active: true } : rule;
    const at = rules.findIndex((r) => r.name.toLowerCase() === draft.name.toLowerCase());
    rules = at >= 0 ? rules.map((r, i) => (i === at ? draft : r)) : [...rules, draft];
  }
  // The customer's account facts (new user, enrollment and membership dates, milestones), as the
  // carts price with them: the rules that depend on them are explained for that customer.
  const customer = input.customer ? await pricingCustomer(ctx.db, input.customer) : null;
  if (input.customer && !customer) throw badRequest(`Unknown customer: ${input.customer}`);
  const regionId = input.user.regionId;
  const localeCode = input.localcode ?? (regionId === 2 ? 'en-CA' : 'en-US');
  if (regionOfLocale(localeCode) !== regionId)
    throw badRequest(`The locale ${localeCode} is not sold in that region: choose the region's locale.`);
  const salesTax = await salesTaxOf(ctx, regionId, input.cart.shipping.address);
  // The cart as the carts keep it, then the carts' own engine input (pricingInput) from the same
  // catalogue reads (the lines and the SKUs the rules may add): one builder for both (ADR 028).
  const state = simulatorInstance(localeCode, input.cart);
  const cartSkus = [...new Set(state.unpromofiedItems.map((l) => l.sku))];
  const catalog = await catalogFactsIn(ctx.db, [...cartSkus, ...giftSkusOf(rules)], regionId);
  const unknownSkus = cartSkus.filter((sku) => !catalog.has(sku));
  if (unknownSkus.length > 0) throw badRequest(`Unknown SKU: ${unknownSkus.join(', ')}`);
  const lists = await repo.volumeLists(ctx.db);
  const rates =
    input.newShippingRates ??
    (await repo.shippingRatesOf(ctx.db, regionId)).map((r) => ({
      method: r.shippingMethodId,
      amount: r.amountCents,
      phoenixShippingMethodId: r.phoenixShippingMethodId,
    }));
  const { input: cartInput } = pricingInput(state, {
    now: input.timestamp ?? Math.floor(now.getTime() / 1000),
    customer,
    catalog,
    volumeTables: {
      fullVolumeSku: lists.find((l) => l.list === 'fullVolume')?.sku ?? null,
      listA: lists.filter((l) => l.list === 'listA').map((l) => l.sku),
      listB: lists.filter((l) => l.list === 'listB').map((l) => l.sku),
    },
  });
  return {
    rules,
    salesTax,
    compiled: input.draft ? null : set,
    input: {
      ...cartInput,
      // What the simulator lets staff choose beyond the cart: who shops, on which channel, and
      // the shipping rates to price with.
      userType: input.user.userType,
      channel: input.channel,
      shipping: { method: input.cart.shipping.method, rates },
      explain: 'all',
    },
  };
}

const COUNTRY_OF_REGION = { 1: 'US', 2: 'CA' } as const;
const COUNTRY_NAME = { US: 'the United States', CA: 'Canada' } as const;

/**
 * The sales tax where the simulated cart ships (spec 3 §2: a simulator with address and shipping
 * rates): the state or province rate of the checkout's tax table. The address must be in the
 * region the cart is priced for (prices and shipping rates are per country).
 */
async function salesTaxOf(
  ctx: AppContext,
  regionId: 1 | 2,
  address: z.output<typeof SimulateRequest>['cart']['shipping']['address'],
): Promise<SimulatorSalesTax | null> {
  if (!address) return null;
  if (COUNTRY_OF_REGION[regionId] !== address.country)
    throw badRequest(`The address is in ${COUNTRY_NAME[address.country]}: choose that region.`);
  const rate = await taxRateOf(ctx.db, regionId, address.region);
  if (!rate) throw badRequest(`Unknown state or province: ${address.region}`);
  return { region: address.region, ...rate };
}

/** The simulator on the server: prices a sample cart and explains every rule. */
export async function simulate(
  ctx: AppContext,
  request: z.output<typeof SimulateRequest>,
  now: Date = new Date(),
): Promise<PricedCart & { salesTax: SimulatorSalesTax | null }> {
  const { input, rules, compiled, salesTax } = await simulationInput(ctx, request, now);
  // Without a draft the collection's compiled rules are reused; a draft is compiled with them.
  return { ...priceCart(input, compiled ? compiledOf(compiled) : rules), salesTax };
}

/**
 * The simulator in the browser (flag off): the input and the rules the browser needs to give the
 * same answer, every rule that cannot change the cart as a stub (simulator-handover.ts, ADR 012).
 */
export async function handover(
  ctx: AppContext,
  request: z.output<typeof SimulateRequest>,
  now: Date = new Date(),
): Promise<Handover & { salesTax: SimulatorSalesTax | null }> {
  const { input, rules, compiled, salesTax } = await simulationInput(ctx, request, now);
  return { ...browserHandover(input, compiled ? compiledOf(compiled) : compileRules(rules)), salesTax };
}
