import { diff } from '@domain/platform/diff';
import { ORDER_STATE as S } from '@domain/reference';
import { changeEvents, orderComments } from '@server/db/schema';
import type { AccountDraft } from './accounts';
import { phoneNumber } from './addresses';
import type { GenContext } from './context';
import type { StaffMember } from './staff';
import type { OrderStory } from './story';
import { DAY, MINUTE } from './time';

// Change logs in the deep-diff form (spec 1 §3 Account-log event, spec 2 §3 Order change log
// event): collection account-log keyed by account uid, orders-log keyed by order id.

function logEvent(
  ctx: GenContext,
  collection: string,
  entityId: string,
  at: Date,
  author: StaffMember | null,
  action: string,
  before: unknown,
  after: unknown,
) {
  ctx.writer.add(changeEvents, {
    collection,
    entityId,
    action,
    changedBy: author?.email ?? 'system',
    changedByName: author?.name ?? 'System',
    auth: author?.id ?? 'system',
    authType: author ? 'session' : 'system',
    dateChangedUtc: at,
    differences: diff(before, after),
  });
}

export interface OrderFacts {
  orderDocId: string;
  state: number;
  createdAt: Date;
  capturedAt: Date | null;
  address: { address2?: string | null; telephone?: string | null };
}

/** Writes an order's comments and change events, plus the everyday edits staff make. */
export function writeOrderStory(ctx: GenContext, order: OrderFacts, story: OrderStory): void {
  const { rng, clock } = ctx;
  const now = clock.now.getTime();
  const soon = (minutes: number) =>
    new Date(Math.min(now, order.createdAt.getTime() + rng.int(1, minutes) * MINUTE));
  if (order.state === S.reviewed) {
    story.event(
      soon(90),
      rng.pick(ctx.roster.fraud),
      'review',
      { state: S.pendingReview },
      { state: S.reviewed },
    );
  }
  if (order.state === S.holding) {
    story.event(
      soon(600),
      rng.pick(ctx.roster.service),
      'hold',
      { state: S.captured, dhlHoldStatus: null },
      { state: S.holding, dhlHoldStatus: 'HOLD' },
    );
  }
  if (rng.chance(0.06)) {
    const agent = rng.pick(ctx.roster.service);
    const at = soon(order.capturedAt ? 60 : 3 * 24 * 60);
    const before = {
      shippingAddress: {
        address2: order.address.address2 ?? null,
        telephone: order.address.telephone ?? null,
      },
    };
    const after = {
      shippingAddress: {
        address2: order.address.address2 ?? `Apt ${rng.int(1, 30)}`,
        telephone: order.address.telephone ?? null,
      },
    };
    story.event(at, agent, 'update', before, after);
    story.comment(at, agent, 'Customer called to correct the shipping address before the order shipped.');
  }
  if (rng.chance(0.05)) {
    const agent = rng.pick(ctx.roster.service);
    story.comment(
      soon(20 * 24 * 60),
      agent,
      rng.pick([
        'Resent order confirmation email at customer request.',
        'Customer asked about delivery time; shared tracking link.',
        'Consultant called to check order status.',
      ]),
    );
  }
  for (const c of story.comments) {
    ctx.writer.add(orderComments, {
      orderId: order.orderDocId,
      description: c.description,
      name: c.author?.name ?? 'System',
      status: c.status,
      date: c.at,
    });
  }
  for (const e of story.events)
    logEvent(ctx, 'orders-log', order.orderDocId, e.at, e.author, e.action, e.before, e.after);
}

/** Edits to the account over its life; some of them today, for the dashboard's recent activity. */
export function writeAccountLog(ctx: GenContext, draft: AccountDraft): void {
  const { rng, clock } = ctx;
  if (!rng.chance(draft.terminated ? 1 : 0.2)) return;
  const now = clock.now.getTime();
  const start = draft.enrolledAt.getTime();
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) {
    const today = i === 0 && rng.chance(0.12);
    const at = today
      ? new Date(
          Math.max(start, clock.today.getTime()) +
            rng.float() * (now - Math.max(start, clock.today.getTime())),
        )
      : new Date(start + rng.float() * (now - start));
    const author = rng.pick(ctx.roster.service);
    const row = draft.row;
    const change = rng.weighted([
      ['telephone', 4],
      ['email', 2],
      ['lastName', 1],
      ['address', 3],
      ['language', 1],
      ['sponsor', draft.userType === 1 ? 0 : 1],
      ['expiration', row.memberExpirationDateUtc ? 2 : 0],
    ] as const);
    const [action, before, after] = ((): [string, unknown, unknown] => {
      switch (change) {
        case 'telephone':
          return [
            'update',
            { telephone: phoneNumber(rng, draft.home) },
            { telephone: row.telephone ?? null },
          ];
        case 'email':
          return [
            'updateEmail',
            { email: `${draft.person.firstName.toLowerCase()}${rng.int(10, 99)}@example.net` },
            { email: row.email ?? null },
          ];
        case 'lastName':
          return ['update', { lastName: rng.faker.person.lastName() }, { lastName: row.lastName }];
        case 'address':
          return [
            'addAddress',
            { shippingAddresses: [] },
            { shippingAddresses: [draft.addresses[0]?.address ?? null] },
          ];
        case 'language':
          return ['update', { defaultLanguageId: 1 }, { defaultLanguageId: row.defaultLanguageId ?? 1 }];
        case 'sponsor':
          return ['updateSponsor', { sponsorId: 1 }, { sponsorId: row.sponsorId ?? 1 }];
        default: {
          const expiration = row.memberExpirationDateUtc ?? clock.now;
          return [
            'updateExpiration',
            { memberExpirationDateUTC: new Date(expiration.getTime() - 30 * DAY) },
            { memberExpirationDateUTC: expiration },
          ];
        }
      }
    })();
    logEvent(ctx, 'account-log', draft.uid, at, author, action, before, after);
  }
  if (draft.terminated) {
    const leader = rng.pick(ctx.roster.leaders);
    logEvent(
      ctx,
      'account-log',
      draft.uid,
      new Date(start + rng.float() * (now - start)),
      leader,
      'updateStatus',
      { accountStatus: 1 },
      { accountStatus: 2 },
    );
  }
}
