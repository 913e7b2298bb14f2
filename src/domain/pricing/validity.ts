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

const INACTIVE: Failure = { code: 'inactive', message: 'The rule is not active.' };
const NEW_USERS_ONLY: Failure = { code: 'new_users_only', message: 'The rule is for new users only.' };
const INFLUENCER: Failure = {
  code: 'influencer',
  message: 'The rule needs an influencer attribution on the account.',
};
const SUBSCRIPTION: Failure = {
  code: 'subscription',
  message: 'The rule needs a subscription item in the cart.',
};
const ANNIVERSARY: Failure = {
  code: 'anniversary',
  message: 'This is not the enrollment anniversary month (Pacific time).',
};
const LIMIT_ONE: Failure = {
  code: 'limit_one_per_email',
  message: 'This email has already redeemed the rule.',
};

/**
 * The first failing validity condition, or null. The Failure returned may be shared between
 * calls: callers copy its code and message, never change it.
 */
export function firstFailure(c: CompiledRule, ctx: PricingContext): Failure | null {
  if (!c.active) return INACTIVE;
  if (c.userTypes && !c.userTypes.has(ctx.pricingUserType)) {
    c.memo.userType ??= new Map();
    const cache = c.memo.userType;
    let f = cache.get(ctx.pricingUserType);
    if (!f) {
      f = {
        code: 'user_type',
        message: `User type ${typeLabel(ctx.pricingUserType)} is not among the rule's user types ${list([...c.userTypes].map(typeLabel))}.`,
      };
      cache.set(ctx.pricingUserType, f);
    }
    return f;
  }
  if (c.regions && !c.regions.has(ctx.regionId)) {
    c.memo.region ??= new Map();
    const cache = c.memo.region;
    let f = cache.get(ctx.regionId);
    if (!f) {
      f = {
        code: 'region',
        message: `Region ${ctx.regionId} is not among the rule's regions ${list(c.regions)}.`,
      };
      cache.set(ctx.regionId, f);
    }
    return f;
  }
  if (ctx.now < c.start) {
    const m = c.memo;
    m.notStarted ??= { code: 'not_started', message: `The rule starts at ${isoDate(c.start)}.` };
    return m.notStarted;
  }
  if (ctx.now > c.end) {
    const m = c.memo;
    m.ended ??= { code: 'ended', message: `The rule ended at ${isoDate(c.end)}.` };
    return m.ended;
  }
  if (c.disqualificationSet.size > 0) {
    const found = [...c.disqualificationSet].filter((s) => ctx.shopperSkus.has(s));
    if (found.length > 0) {
      return { code: 'disqualified_sku', message: `The cart holds disqualifying SKU ${list(found)}.` };
    }
  }
  if (c.channels && !c.channels.has(ctx.channel)) {
    c.memo.channel ??= new Map();
    const cache = c.memo.channel;
    let f = cache.get(ctx.channel);
    if (!f) {
      f = {
        code: 'channel',
        message: `Channel ${ctx.channel} is not among the rule's channels ${list(c.channels)}.`,
      };
      cache.set(ctx.channel, f);
    }
    return f;
  }
  if (c.codes.size > 0 && !hasAny(c.codes, ctx.codes)) {
    const m = c.memo;
    m.codeMissing ??= {
      code: 'code_missing',
      message: `No promo code entered matches ${c.rule.code.join(', ')}.`,
    };
    return m.codeMissing;
  }
  if (!c.otherChecks) return null;
  const rule = c.rule;
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
  if (rule.newUsersOnly && !ctx.account.isNewUser) return NEW_USERS_ONLY;
  if (rule.hasInfluencer && !ctx.account.hasInfluencer) return INFLUENCER;
  if (rule.subscriptionBased && !ctx.hasSubscription) return SUBSCRIPTION;
  // Type 24 is the anniversary gift: it always checks the anniversary month (DESIGN §6).
  if ((rule.anniversary || rule.id === 24) && !ctx.isAnniversaryMonth) return ANNIVERSARY;
  if (rule.limitOnePerEmail && ctx.account.redeemedPromos?.includes(rule.name)) return LIMIT_ONE;
  return null;
}

function hasAny(wanted: ReadonlySet<string>, entered: ReadonlySet<string>): boolean {
  for (const code of wanted) if (entered.has(code)) return true;
  return false;
}
