import { ORDER_STATE, USER_TYPE } from '@domain/reference';
import {
  accounts,
  carts,
  type OrderAddress,
  orders,
  paymentCards,
  productCredit,
  productCreditLedger,
  shippingAddresses,
  socials,
  termsRecords,
} from '@server/db/schema';
import { type Db, type DbOrTx, rows } from '@server/platform/db';
import { sql } from 'drizzle-orm';
import { lineItem } from './carts';
import type { GenContext } from './context';
import { addTwoCardOrder, copyOrder, firstOrder, type OrderRow } from './order-scenarios';
import { addDays, addMonths, isoDate } from './time';

// Named customers, each ready for one flow of the three documents, so every flow can be shown on
// any demo company: the same names, account numbers and ids whatever its size and date. They are
// written after the generated company, with no random draws, so the rest of the demo is unchanged;
// dates are relative to the demo's `now`, so each stays ready however late the demo is built.

export interface StoryCustomer {
  uid: string;
  /** The account number staff search for; below the generated accounts' (which start at 100001). */
  phoenixId: number;
  firstName: string;
  lastName: string;
  email: string;
  userType: number;
  countryId: 1 | 2;
  /** 1 English, 2 French. */
  languageId: number;
  telephone: string;
  address: Omit<OrderAddress, 'firstName' | 'lastName' | 'telephone'>;
}

const US = { country: 'US', countryId: 1 } as const;

export const STORY_CUSTOMERS = {
  /** A prospect who accepted the terms: the enrollment check passes and an enrollment order starts. */
  enrollment: {
    uid: 'StoryProspectPaigeHolloway01',
    phoenixId: 10001,
    firstName: 'Paige',
    lastName: 'Holloway',
    email: 'paige.holloway.demo@example.com',
    userType: USER_TYPE.prospect,
    countryId: 1,
    languageId: 1,
    telephone: '5125550101',
    address: { address: '1100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', ...US },
  },
  /** A member whose membership ends in 25 days: inside the renewal window (renewal SKU 9916). */
  renewal: {
    uid: 'StoryMemberRosaDelgadoRenew1',
    phoenixId: 10002,
    firstName: 'Rosa',
    lastName: 'Delgado',
    email: 'rosa.delgado.demo@example.com',
    userType: USER_TYPE.member,
    countryId: 1,
    languageId: 1,
    telephone: '6025550102',
    address: { address: '2200 N Central Ave', city: 'Phoenix', region: 'AZ', postalCode: '85004', ...US },
  },
  /** A client who was never a member: may buy the membership (SKU 9000). */
  membership: {
    uid: 'StoryClientNoraWhitakerJoin1',
    phoenixId: 10003,
    firstName: 'Nora',
    lastName: 'Whitaker',
    email: 'nora.whitaker.demo@example.com',
    userType: USER_TYPE.client,
    countryId: 1,
    languageId: 1,
    telephone: '4045550103',
    address: { address: '450 Peachtree St NE', city: 'Atlanta', region: 'GA', postalCode: '30308', ...US },
  },
  /** A consultant hosting an open popup, with a popup cart holding host rewards (one free, one half off). */
  host: {
    uid: 'StoryHostHazelBrooksPopup001',
    phoenixId: 10004,
    firstName: 'Hazel',
    lastName: 'Brooks',
    email: 'hazel.brooks.demo@example.com',
    userType: USER_TYPE.consultant,
    countryId: 1,
    languageId: 1,
    telephone: '3035550104',
    address: { address: '1200 Pearl St', city: 'Boulder', region: 'CO', postalCode: '80302', ...US },
  },
  /** A client whose order is downstream and on DHL hold. */
  dhlHold: {
    uid: 'StoryClientDanaWhitfieldDhl1',
    phoenixId: 10005,
    firstName: 'Dana',
    lastName: 'Whitfield',
    email: 'dana.whitfield.demo@example.com',
    userType: USER_TYPE.client,
    countryId: 1,
    languageId: 1,
    telephone: '6175550105',
    address: { address: '77 Beacon St', city: 'Boston', region: 'MA', postalCode: '02108', ...US },
  },
  /**
   * A client whose captured order was paid on two cards, nothing refunded yet; both cards are on
   * file, so a new order can be split across them at checkout.
   */
  twoCards: {
    uid: 'StoryClientMilesCarterCards1',
    phoenixId: 10006,
    firstName: 'Miles',
    lastName: 'Carter',
    email: 'miles.carter.demo@example.com',
    userType: USER_TYPE.client,
    countryId: 1,
    languageId: 1,
    telephone: '2065550106',
    address: { address: '300 Pine St', city: 'Seattle', region: 'WA', postalCode: '98101', ...US },
  },
  /** A French-speaking member in Montréal (fr-CA), with Canadian product credit and a Canadian card. */
  frCa: {
    uid: 'StoryMemberElodieTremblayQc1',
    phoenixId: 10007,
    firstName: 'Élodie',
    lastName: 'Tremblay',
    email: 'elodie.tremblay.demo@example.com',
    userType: USER_TYPE.member,
    countryId: 2,
    languageId: 2,
    telephone: '5145550107',
    address: {
      address: '1250 Rue Sainte-Catherine O',
      city: 'Montréal',
      region: 'QC',
      postalCode: 'H3B 1G5',
      country: 'CA',
      countryId: 2,
    },
  },
} as const satisfies Record<string, StoryCustomer>;

/** Fixed ids of what the story customers own. */
export const STORY_IDS = {
  /** Hazel Brooks's open popup. */
  popupId: 90001,
  /** Hazel Brooks's saved cart for her popup, with host rewards. */
  hostCart: 'StoryHostCartHazelBrooks0001',
  /** Nora Whitaker's order at Hazel's popup (waiting for the popup to close). */
  popupOrder: 'StoryPopupOrder00001',
  /** Dana Whitfield's order on DHL hold. */
  dhlHoldOrder: 'StoryDhlHoldOrder001',
  /** Miles Carter's order paid on two cards. */
  twoCardOrder: 'StoryTwoCardOrder001',
} as const;

/** Canadian product credit of the fr-CA member, in cents. */
export const STORY_FR_CA_CREDIT_CENTS = 2500;

const cardOf = (c: StoryCustomer) => `ccof_${c.uid}`;
const nameOf = (c: StoryCustomer) => `${c.firstName} ${c.lastName}`;
const addressOf = (c: StoryCustomer): OrderAddress => ({
  firstName: c.firstName,
  lastName: c.lastName,
  ...c.address,
  telephone: c.telephone,
});

/** The customer fields of an order placed by `c` under consultant `sponsor`. */
const ownerOf = (c: StoryCustomer, sponsor: StoryCustomer | null): Partial<OrderRow> => ({
  customerUid: c.uid,
  customerUserType: c.userType,
  customerFirstName: c.firstName,
  customerLastName: c.lastName,
  customerEmail: c.email,
  customerPhoenixId: c.phoenixId,
  sponsorId: sponsor?.phoenixId ?? 1,
  consultantName: sponsor ? nameOf(sponsor) : null,
  shippingAddress: addressOf(c),
  countryId: c.countryId,
  currency: c.countryId === 2 ? 'CAD' : 'USD',
  localeCode: c.countryId === 2 ? (c.languageId === 2 ? 'fr-CA' : 'en-CA') : 'en-US',
});

export async function addStoryCustomers(db: Db, ctx: GenContext): Promise<void> {
  const now = ctx.clock.now;
  const S = STORY_CUSTOMERS;
  const host = S.host;
  await db.transaction(async (tx) => {
    const renewalExpiry = addDays(now, 25);
    const frCaExpiry = addMonths(now, 8);
    const hostEnrolled = addDays(now, -3 * 365);
    let hostRenewal = addMonths(hostEnrolled, 12);
    while (hostRenewal <= now) hostRenewal = addMonths(hostRenewal, 12);

    const base = (c: StoryCustomer, enrolledAt: Date, birthYearsAgo: number) => ({
      uid: c.uid,
      phoenixId: c.phoenixId,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      userType: c.userType,
      telephone: c.telephone,
      genderId: 1,
      defaultLanguageId: c.languageId,
      dateOfBirth: isoDate(addDays(now, -Math.round(birthYearsAgo * 365.25) - 40)),
      countryId: c.countryId,
      sponsorId: c === host ? 1 : host.phoenixId,
      enrollerId: c === host ? 1 : host.phoenixId,
      enrollmentDateUtc: enrolledAt,
      accountStatus: 1,
      squareId: c.countryId === 1 ? `CUST_${c.uid.slice(5, 27).toUpperCase()}` : null,
      squareIdCa: c.countryId === 2 ? `CUST_${c.uid.slice(5, 27).toUpperCase()}` : null,
      createdAt: enrolledAt,
      updatedAt: enrolledAt,
    });
    await tx.insert(accounts).values([
      {
        ...base(S.enrollment, addDays(now, -12), 29),
        // Terms accepted and account details entered: the enrollment check lets the order start.
        tAndCAccepted: true,
        squareId: null,
      },
      {
        ...base(S.renewal, addMonths(renewalExpiry, -12), 41),
        tAndCAccepted: true,
        memberExpirationDateUtc: renewalExpiry,
        nextRenewalDateUtc: renewalExpiry,
      },
      { ...base(S.membership, addDays(now, -200), 34), tAndCAccepted: false },
      {
        ...base(host, hostEnrolled, 38),
        tAndCAccepted: true,
        nextRenewalDateUtc: hostRenewal,
        pwsKey: 'hazelbrooksglow',
        paidAsTitleId: 3,
        recognitionTitleId: 4,
      },
      { ...base(S.dhlHold, addDays(now, -400), 52), tAndCAccepted: false },
      { ...base(S.twoCards, addDays(now, -300), 45), genderId: 2, tAndCAccepted: false },
      {
        ...base(S.frCa, addMonths(frCaExpiry, -12), 36),
        tAndCAccepted: true,
        memberExpirationDateUtc: frCaExpiry,
        nextRenewalDateUtc: frCaExpiry,
      },
    ]);

    const all: StoryCustomer[] = Object.values(S);
    await tx.insert(shippingAddresses).values(
      all.map((c) => ({
        accountUid: c.uid,
        ...addressOf(c),
        isDefaultShipping: true,
        phoenixId: c.phoenixId,
        dateLastModified: now,
      })),
    );
    const expiry = addMonths(now, 30);
    await tx.insert(paymentCards).values(
      all.map((c, i) => ({
        id: cardOf(c),
        accountUid: c.uid,
        brand: i % 2 === 0 ? 'Visa' : 'Mastercard',
        last4: String(1001 + i * 1111).slice(-4),
        expMonth: expiry.getUTCMonth() + 1,
        expYear: expiry.getUTCFullYear(),
        countryId: c.countryId,
        cardholderName: nameOf(c),
        createdAt: addDays(now, -10),
      })),
    );
    // Miles Carter keeps both cards of his split order on file, so staff can split his next order
    // across them at checkout (ADR 030).
    await tx.insert(paymentCards).values({
      id: `${cardOf(S.twoCards)}_2`,
      accountUid: S.twoCards.uid,
      brand: 'Mastercard',
      last4: '4444',
      expMonth: expiry.getUTCMonth() + 1,
      expYear: expiry.getUTCFullYear(),
      countryId: S.twoCards.countryId,
      cardholderName: nameOf(S.twoCards),
      createdAt: addDays(now, -10),
    });

    // Members' signed terms (member status is read from the latest terms record).
    await tx.insert(termsRecords).values(
      [
        [S.renewal, addMonths(renewalExpiry, -12)],
        [S.frCa, addMonths(frCaExpiry, -12)],
      ].map(([c, at]) => ({
        accountUid: (c as StoryCustomer).uid,
        orderDate: at as Date,
        orderExpiration: addDays(at as Date, 30),
        signed: true,
        declined: false,
      })),
    );

    // Canadian product credit of the fr-CA member: one grant that does not expire.
    await tx.insert(productCreditLedger).values({
      accountUid: S.frCa.uid,
      country: 'ca',
      amountCents: STORY_FR_CA_CREDIT_CENTS,
      remainingValueCents: STORY_FR_CA_CREDIT_CENTS,
      doesNotExpire: true,
      reason: 'Goodwill after call',
      createdBy: 'system',
      createdAt: addDays(now, -20),
    });
    await tx.insert(productCredit).values({
      accountUid: S.frCa.uid,
      country: 'ca',
      balanceCents: STORY_FR_CA_CREDIT_CENTS,
      updatedAt: addDays(now, -20),
    });

    // Hazel's popup, open since two days, and her cart for it with two host rewards.
    await tx.insert(socials).values({
      id: STORY_IDS.popupId,
      uid: host.uid,
      hostUid: host.uid,
      name: `${host.firstName}'s Spring Glow Pop-Up`,
      status: 'open',
      openingDate: addDays(now, -2),
      closingDate: addDays(now, 5),
      createdAt: addDays(now, -7),
    });
    await addHostCart(tx, ctx, host);

    // Nora Whitaker ordered at Hazel's popup: a copy of a generated order waiting for its popup.
    const waiting = await firstOrder(
      tx,
      sql`${orders.collection} = 'ship-to-socials' and ${orders.countryId} = 1 and ${orders.cancellation} is null
          and not ${orders.isMembership} and not ${orders.isRenewal} and ${orders.grandTotalCents} > 0
          and exists (select 1 from order_lines l where l.order_id = ${orders.id})`,
    );
    if (waiting)
      await copyOrder(tx, waiting, STORY_IDS.popupOrder, {
        ...ownerOf(S.membership, host),
        socialId: STORY_IDS.popupId,
        hostOrder: false,
        dateCreatedUtc: addDays(now, -1),
      });

    // Dana Whitfield's order: exported downstream, then held by DHL.
    const shipped = await firstOrder(
      tx,
      sql`${orders.collection} = 'invoices' and ${orders.countryId} = 1 and ${orders.cancellation} is null
          and ${orders.state} in (${ORDER_STATE.captured}, ${ORDER_STATE.printed}, ${ORDER_STATE.shipped})
          and not ${orders.isMembership} and not ${orders.isRenewal} and not ${orders.hostOrder}
          and ${orders.grandTotalCents} > 0
          and exists (select 1 from order_lines l where l.order_id = ${orders.id})
          and exists (select 1 from order_payments p where p.order_id = ${orders.id} and p.method = 'card')`,
    );
    if (shipped) {
      const [max] = await rows<{ n: number }>(
        tx,
        sql`select coalesce(max(phoenix_order_id), 100000000)::bigint as n from orders`,
      );
      await copyOrder(tx, shipped, STORY_IDS.dhlHoldOrder, {
        ...ownerOf(S.dhlHold, host),
        state: ORDER_STATE.holding,
        dhlHoldStatus: 'HOLD',
        phoenixOrderId: Number(max!.n) + 1,
        paymentState: 'captured',
        printed: false,
        trackingNumber: null,
        shippingCarrierId: null,
        narvarTrackingUrl: null,
        socialId: null,
        isFraud: false,
        dateCreatedUtc: addDays(now, -3),
        dateCapturedUtc: addDays(now, -3),
      });
    }

    // Miles Carter's order on two cards, as the refunds view splits partial refunds over them.
    await addTwoCardOrder(tx, STORY_IDS.twoCardOrder, null, {
      ...ownerOf(S.twoCards, host),
      dateCreatedUtc: addDays(now, -6),
      dateCapturedUtc: addDays(now, -6),
    });
  });
}

async function addHostCart(tx: DbOrTx, ctx: GenContext, host: StoryCustomer): Promise<void> {
  const { catalog, clock } = ctx;
  const everyday = catalog.everyday.filter((i) => i.inStock).slice(0, 2);
  const rewards = catalog.hostRewards.filter((i) => i.inStock).slice(0, 2);
  const products = everyday.map((item, i) => lineItem(ctx, item, 1, 1, `storyline${i + 1}`));
  const subtotal = products.reduce((s, p) => s + p.priceInCents * p.quantity, 0) / 100;
  const currency = { name: 'USD', format: '$0' };
  const lastSaved = addDays(clock.now, -1);
  const instance = {
    cartId: STORY_IDS.hostCart,
    localeCode: 'en-US',
    products,
    promoItems: [],
    unpromofiedItems: [],
    promoTags: [],
    removedPromoItems: [],
    // One free and one half off (spec 2 §9: free 100 %, half off 50 %).
    hostRewardItems: rewards.map((r, i) => ({ sku: r.sku, quantity: 1, isFree: i === 0 })),
    currency,
    subtotal,
    prePromoSubtotal: subtotal,
    totalProducts: products.length,
    totalUniqueProducts: products.length,
    lastSave: lastSaved.toISOString(),
  };
  await tx.insert(carts).values({
    cartId: STORY_IDS.hostCart,
    uid: host.uid,
    cid: null,
    userEmail: host.email,
    activeLocale: 'en-US',
    cartInstances: { 'en-US': instance },
    customer: {
      uid: host.uid,
      phoenixId: host.phoenixId,
      firstName: host.firstName,
      lastName: host.lastName,
      userType: host.userType,
      countryId: host.countryId,
    },
    socialId: STORY_IDS.popupId,
    currency,
    canceled: false,
    createdAt: addDays(clock.now, -2),
    lastSaved,
  });
}
