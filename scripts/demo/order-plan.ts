import { ORDER_STATE as S, ORDER_TYPE as T, USER_TYPE } from '@domain/reference';
import type { AccountDraft } from './accounts';
import type { GenContext } from './context';
import type { MembershipPurchase } from './membership';
import type { Rng, Weighted } from './rng';
import { type Popup, popupsOf } from './socials';
import { DAY, HOUR } from './time';

// What orders an account places: how many, of which type and channel, when, and how far each
// has gone (state and collection). Prices and totals come later (order-pricing.ts).

export type Collection = 'invoices' | 'orders' | 'ship-to-socials';
export type Pricing = 'retail' | 'member' | 'wholesale' | 'free';

export interface OrderSpec {
  orderType: number;
  channel: number;
  createdAt: Date;
  state: number;
  collection: Collection;
  pricing: Pricing;
  byConsultant: boolean;
  social: Popup | null;
  hostOrder: boolean;
  purchase: MembershipPurchase | null;
  /** The enrollment kit for a consultant's first order. */
  enrollment: boolean;
}

/** Orders per account, before the tenure factor (about four per account overall). */
const MEAN_ORDERS: Record<number, number> = {
  [USER_TYPE.consultant]: 5.6,
  [USER_TYPE.member]: 3.2,
  [USER_TYPE.client]: 2.9,
  [USER_TYPE.employee]: 4.4,
  [USER_TYPE.prospect]: 0.3,
  [USER_TYPE.guest]: 1.2,
};

const TYPES_BY_USER: Record<number, Weighted<number>> = {
  [USER_TYPE.consultant]: [
    [T.personal, 52],
    [T.portal, 14],
    [T.autoReplenishment, 10],
    [T.social, 4],
    [T.retail, 5],
    [T.bccom, 5],
    [T.replacement, 4],
    [T.adjustment, 3],
    [T.return, 3],
  ],
  [USER_TYPE.member]: [
    [T.customer, 45],
    [T.bccom, 18],
    [T.social, 15],
    [T.autoReplenishment, 15],
    [T.replacement, 4],
    [T.return, 3],
  ],
  [USER_TYPE.client]: [
    [T.customer, 38],
    [T.social, 30],
    [T.portal, 12],
    [T.bccom, 8],
    [T.retail, 5],
    [T.replacement, 4],
    [T.return, 3],
  ],
  [USER_TYPE.employee]: [
    [T.employee, 80],
    [T.bccom, 15],
    [T.replacement, 5],
  ],
  [USER_TYPE.prospect]: [
    [T.retail, 50],
    [T.bccom, 50],
  ],
  [USER_TYPE.guest]: [
    [T.bccom, 45],
    [T.retail, 30],
    [T.social, 25],
  ],
};

const CHANNELS: Record<number, Weighted<number>> = {
  [T.personal]: [
    [1, 60],
    [2, 40],
  ],
  [T.social]: [
    [1, 50],
    [2, 30],
    [5, 20],
  ],
  [T.portal]: [
    [4, 50],
    [2, 50],
  ],
  [T.autoReplenishment]: [[6, 1]],
  [T.return]: [[4, 1]],
  [T.replacement]: [[4, 1]],
  [T.adjustment]: [[4, 1]],
  [T.enrollment]: [
    [1, 80],
    [2, 20],
  ],
  [T.employee]: [[1, 1]],
  [T.customer]: [
    [1, 85],
    [5, 15],
  ],
  [T.bccom]: [[1, 1]],
  [T.retail]: [[3, 1]],
};

/** How far an order has got, by its age: new orders wait, older ones have shipped. */
function stateFor(rng: Rng, ageHours: number): number {
  if (ageHours < 2)
    return rng.weighted([
      [S.processing, 45],
      [S.pendingReview, 15],
      [S.reviewed, 10],
      [S.captured, 20],
      [S.holding, 5],
      [S.cancelled, 5],
    ]);
  if (ageHours < 24)
    return rng.weighted([
      [S.processing, 10],
      [S.reviewed, 10],
      [S.captured, 35],
      [S.printed, 20],
      [S.pendingReview, 8],
      [S.holding, 7],
      [S.cancelled, 5],
      [S.shipped, 5],
    ]);
  if (ageHours < 72)
    return rng.weighted([
      [S.captured, 15],
      [S.printed, 25],
      [S.shipped, 45],
      [S.partiallyShipped, 5],
      [S.holding, 5],
      [S.cancelled, 3],
      [S.cancelledPaid, 2],
    ]);
  if (ageHours < 30 * 24)
    return rng.weighted([
      [S.shipped, 80],
      [S.captured, 6],
      [S.partiallyShipped, 5],
      [S.holding, 2],
      [S.cancelled, 3],
      [S.cancelledPaid, 3],
      [S.printed, 1],
    ]);
  return rng.weighted([
    [S.shipped, 92],
    [S.partiallyShipped, 1],
    [S.cancelled, 3],
    [S.cancelledPaid, 4],
  ]);
}

/** Orders not yet captured stay in the pending store (spec 2 §4 Loading an order). */
export function collectionFor(state: number): Collection {
  return state === S.processing || state === S.reviewed || state === S.pendingReview || state === S.cancelled
    ? 'orders'
    : 'invoices';
}

function pricingFor(userType: number, orderType: number): Pricing {
  if (orderType === T.replacement || orderType === T.adjustment || orderType === T.return) return 'free';
  if (userType === USER_TYPE.consultant || userType === USER_TYPE.employee)
    return orderType === T.portal ? 'retail' : 'wholesale';
  return userType === USER_TYPE.member ? 'member' : 'retail';
}

/** When an ordinary order was placed: a few today, many in the last weeks, the rest since enrollment. */
function orderDate(ctx: GenContext, enrolledAt: Date): Date {
  const { rng, clock } = ctx;
  const now = clock.now.getTime();
  const start = enrolledAt.getTime() + HOUR;
  if (start >= now) return new Date(now);
  // Today is a little busier than an average recent day, so the dashboard always has something.
  const from = rng.weighted([
    [Math.max(start, clock.today.getTime()), 0.6],
    [Math.max(start, now - 30 * DAY), 13],
    [Math.max(start, now - 120 * DAY), 12],
    [start, 72.5],
  ]);
  return new Date(from + rng.float() * (now - from));
}

export function planOrders(ctx: GenContext, draft: AccountDraft): OrderSpec[] {
  const { rng, clock } = ctx;
  const specs: OrderSpec[] = [];
  const base = (orderType: number, placedAt: Date): OrderSpec => {
    // Nothing happens after `now`: an enrollment order minutes after a very recent enrollment
    // would otherwise land in the future.
    const createdAt = placedAt > clock.now ? new Date(clock.now.getTime()) : placedAt;
    const state = stateFor(rng, (clock.now.getTime() - createdAt.getTime()) / HOUR);
    return {
      orderType,
      channel: rng.weighted(CHANNELS[orderType] ?? [[1, 1]]),
      createdAt,
      state,
      collection: collectionFor(state),
      pricing: pricingFor(draft.userType, orderType),
      byConsultant: orderType === T.portal,
      social: null,
      hostOrder: false,
      purchase: null,
      enrollment: false,
    };
  };

  if (draft.userType === USER_TYPE.consultant) {
    specs.push({
      ...base(T.enrollment, new Date(draft.enrolledAt.getTime() + rng.int(2, 90) * 60_000)),
      enrollment: true,
    });
  }
  for (const purchase of draft.membership?.purchases ?? []) specs.push(membershipSpec(ctx, purchase, base));

  const tenureDays = (clock.now.getTime() - draft.enrolledAt.getTime()) / DAY;
  const mean = (MEAN_ORDERS[draft.userType] ?? 1) * Math.min(1.25, 0.35 + tenureDays / 500);
  const count = Math.min(40, Math.floor(-mean * Math.log(1 - rng.float() * 0.999)));
  const popups = popupsOf(ctx, draft.placement.sponsorIdx);
  const ownPopups = draft.userType === USER_TYPE.consultant ? popupsOf(ctx, draft.idx) : [];
  for (let i = 0; i < count; i++) {
    const orderType = rng.weighted(TYPES_BY_USER[draft.userType] ?? [[T.bccom, 1]]);
    const spec = base(orderType, orderDate(ctx, draft.enrolledAt));
    if (
      orderType === T.social &&
      !attachToPopup(ctx, spec, draft, draft.userType === USER_TYPE.consultant ? ownPopups : popups)
    ) {
      spec.orderType = T.customer;
      spec.channel = 1;
    }
    specs.push(spec);
  }
  return specs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

function membershipSpec(
  ctx: GenContext,
  purchase: MembershipPurchase,
  base: (orderType: number, createdAt: Date) => OrderSpec,
): OrderSpec {
  const spec = {
    ...base(ctx.rng.chance(0.7) ? T.bccom : T.customer, purchase.at),
    purchase,
    pricing: 'retail' as Pricing,
  };
  if (purchase.terms === 'pending') {
    // Unprocessed until the member signs the terms (spec 2 §4: shows Pending Terms).
    spec.state = S.processing;
    spec.collection = 'orders';
  } else if (purchase.terms !== 'signed') {
    spec.state = S.cancelled;
    spec.collection = 'orders';
  }
  return spec;
}

/** Social orders belong to a popup of the consultant: waiting while it is open, shipped after. */
function attachToPopup(ctx: GenContext, spec: OrderSpec, draft: AccountDraft, popups: Popup[]): boolean {
  const { rng, clock } = ctx;
  const usable = popups.filter(
    (p) => p.phase === 'opened' || (p.phase === 'closed' && p.closingDate > draft.enrolledAt),
  );
  if (usable.length === 0) return false;
  const popup = rng.pick(usable);
  spec.social = popup;
  spec.hostOrder = draft.userType === USER_TYPE.consultant;
  const from = Math.max(popup.openingDate.getTime(), draft.enrolledAt.getTime());
  if (popup.phase === 'opened') {
    spec.createdAt = new Date(from + rng.float() * (clock.now.getTime() - from));
    spec.state = S.processing;
    spec.collection = 'ship-to-socials';
  } else {
    const to = Math.min(popup.closingDate.getTime(), clock.now.getTime());
    spec.createdAt = new Date(from + rng.float() * Math.max(0, to - from));
    spec.state = stateFor(rng, (clock.now.getTime() - popup.closingDate.getTime()) / HOUR);
    spec.collection = collectionFor(spec.state);
  }
  return true;
}
