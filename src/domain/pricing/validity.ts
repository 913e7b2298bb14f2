// Rule validity (spec 3 §4): a rule is invalid if inactive or if any condition fails. Checked in
// the spec's order so the explanation names the first failing condition.
import { promoUserTypeName } from '@domain/reference';
import type { CompiledRule } from './compile';
import type { PricingContext } from './context';
import type { NotAppliedCode } from './types';

export interface Failure {
  code: NotAppliedCode;
  message: string;
}

const list = (values: Iterable<unknown>): string => [...values].join(', ');
const typeLabel = (id: number): string => `${id} (${promoUserTypeName(id) ?? 'unknown'})`;
const isoDate = (seconds: number): string => new Date(seconds * 1000).toISOString();

interface Labels {
  userTypes: string;
  regions: string;
  start: string;
  end: string;
}

/** A rule's parts of its messages, built once per compiled rule: explaining every rule stays cheap. */
const labelCache = new WeakMap<CompiledRule, Labels>();
function labelsOf(c: CompiledRule): Labels {
  let labels = labelCache.get(c);
  if (!labels) {
    labels = {
      userTypes: list([...(c.userTypes ?? [])].map(typeLabel)),
      regions: list(c.regions ?? []),
      start: isoDate(c.rule.timestamps.start),
      end: isoDate(c.rule.timestamps.end),
    };
    labelCache.set(c, labels);
  }
  return labels;
}

export function firstFailure(c: CompiledRule, ctx: PricingContext): Failure | null {
  const rule = c.rule;
  if (!rule.active) return { code: 'inactive', message: 'The rule is not active.' };
  if (c.userTypes && !c.userTypes.has(ctx.pricingUserType)) {
    return {
      code: 'user_type',
      message: `User type ${typeLabel(ctx.pricingUserType)} is not among the rule's user types ${labelsOf(c).userTypes}.`,
    };
  }
  if (c.regions && !c.regions.has(ctx.regionId)) {
    return {
      code: 'region',
      message: `Region ${ctx.regionId} is not among the rule's regions ${list(c.regions)}.`,
    };
  }
  if (ctx.now < rule.timestamps.start) {
    return { code: 'not_started', message: `The rule starts at ${labelsOf(c).start}.` };
  }
  if (ctx.now > rule.timestamps.end) {
    return { code: 'ended', message: `The rule ended at ${labelsOf(c).end}.` };
  }
  if (c.disqualificationSet.size > 0) {
    const found = [...c.disqualificationSet].filter((s) => ctx.shopperSkus.has(s));
    if (found.length > 0) {
      return { code: 'disqualified_sku', message: `The cart holds disqualifying SKU ${list(found)}.` };
    }
  }
  if (c.channels && !c.channels.has(ctx.channel)) {
    return {
      code: 'channel',
      message: `Channel ${ctx.channel} is not among the rule's channels ${list(c.channels)}.`,
    };
  }
  if (c.codes.size > 0 && ![...c.codes].some((code) => ctx.codes.has(code))) {
    return { code: 'code_missing', message: `No promo code entered matches ${rule.code.join(', ')}.` };
  }
  if (rule.milestone !== undefined) {
    const held = ctx.account.milestones?.find((m) => m.name === rule.milestone);
    if (!held || held.expiresAt < ctx.now) {
      return {
        code: 'milestone',
        message: held
          ? `Milestone ${rule.milestone} expired at ${isoDate(held.expiresAt)}.`
          : `The account does not hold milestone ${rule.milestone}.`,
      };
    }
  }
  if (rule.newUsersOnly && !ctx.account.isNewUser) {
    return { code: 'new_users_only', message: 'The rule is for new users only.' };
  }
  if (rule.hasInfluencer && !ctx.account.hasInfluencer) {
    return { code: 'influencer', message: 'The rule needs an influencer attribution on the account.' };
  }
  if (rule.subscriptionBased && !ctx.hasSubscription) {
    return { code: 'subscription', message: 'The rule needs a subscription item in the cart.' };
  }
  // Type 24 is the anniversary gift: it always checks the anniversary month (DESIGN §6).
  if ((rule.anniversary || rule.id === 24) && !ctx.isAnniversaryMonth) {
    return { code: 'anniversary', message: 'This is not the enrollment anniversary month (Pacific time).' };
  }
  if (rule.limitOnePerEmail && ctx.account.redeemedPromos?.includes(rule.name)) {
    return { code: 'limit_one_per_email', message: 'This email has already redeemed the rule.' };
  }
  return null;
}
