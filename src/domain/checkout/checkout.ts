import { z } from 'zod';
import {
  AddressFields,
  checkAddressRegion,
  ShippingAddress,
  withNormalizedZip,
} from '../addresses/addresses';
import { CART_ID } from '../carts/cart';
import { idempotencyKeyField } from '../platform/idempotency';
import { Notice } from '../platform/notices';
import { BOUND_MESSAGES, BOUNDS } from '../reference/bounds';
import { LOCALES, type LocaleCode } from '../reference/lists';
import { NAME_MAX_LENGTH } from '../validation';
import { SplitPayments } from './split-payments';

// The portal order context (spec 2 §3 order context, account, payment, product credit; §4 order
// type, changing country, shipping method, payment data, estimate) as the checkout screen sends it
// to the estimate, checkout-estimate and purchase calls. Money is integer cents.

const LOCALE_CODES = LOCALES.map((l) => l.code) as [LocaleCode, ...LocaleCode[]];

/** Clock skew allowed between the browser that verified an address and the server. */
const VERIFIED_AT_SKEW_MS = 5 * 60_000;

/** An ISO 8601 date-time with a zone (Z or ±hh:mm) naming a real instant that is not in the future. */
function isPastInstant(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return false;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return false;
  // Date.parse rolls 2028-02-30 over to March: the calendar date must read back unchanged.
  const day = text.slice(0, 10);
  const offset = text.endsWith('Z')
    ? 0
    : (text.at(-6) === '-' ? -1 : 1) * (Number(text.slice(-5, -3)) * 60 + Number(text.slice(-2)));
  if (new Date(at + offset * 60_000).toISOString().slice(0, 10) !== day) return false;
  return at <= Date.now() + VERIFIED_AT_SKEW_MS;
}

/**
 * The shipping address of an order (spec 2 §5): the address form's own fields and rules
 * (AddressFields, the schema the checkout form and the address book use), whether or not it is
 * saved to the address book, plus the address book id it came from and the save flag.
 */
export const CheckoutAddress = AddressFields.extend({
  id: z.number().int().nullable().optional(),
  saveAddress: z.boolean().optional(),
  /**
   * When the address was last verified (spec 3 §4: again after 180 days): an ISO 8601 instant, not
   * in the future (a later date would switch re-verification off for the saved address).
   */
  melissaVerificationDateUTC: z
    .string()
    .max(40)
    .refine(isPastInstant, { message: 'Enter the verification date as a date and time that has passed.' })
    .nullable()
    .optional(),
})
  .superRefine(checkAddressRegion)
  .transform(withNormalizedZip);
export type CheckoutAddress = z.infer<typeof CheckoutAddress>;

/**
 * Payment (spec 2 §3): a saved card (savedCard true), a new card's token (savedCard false), or the
 * order split across several saved or new cards (splitPayments, ADR 030), each with its amount.
 */
export const CheckoutPayment = z
  .object({
    savedCard: z.boolean().default(false),
    cardId: z.string().min(1).max(80).nullable().optional(),
    /** The gateway's token for a new card; the browser never sends the card number to the API. */
    squareNonce: z.string().min(1).max(200).nullable().optional(),
    saveCard: z.boolean().optional(),
    firstName: z.string().max(NAME_MAX_LENGTH).optional(),
    lastName: z.string().max(NAME_MAX_LENGTH).optional(),
    /** Present: the order is paid by these cards, the amounts adding up to the total after credit. */
    splitPayments: SplitPayments.optional(),
  })
  .refine((p) => !!p.splitPayments || (p.savedCard ? !!p.cardId : !!p.squareNonce), {
    message: 'Choose a saved card or enter a new card.',
  });
export type CheckoutPayment = z.infer<typeof CheckoutPayment>;

/** Cents staff enter: a whole number from 0 to its stated bound (ADR 026). */
const cents = (label: string, max: number, tooMuch: string) =>
  z
    .number(`${label} must be a number`)
    // The bound first: 1e300 is above it before it is "not whole cents".
    .max(max, tooMuch)
    .min(0, `${label} cannot be negative`)
    .int(`${label} must be whole cents`);

export const OrderContext = z.object({
  cartId: z.string().regex(CART_ID, 'Not a cart id'),
  localeCode: z.enum(LOCALE_CODES, 'Not a locale (en-US, en-CA or fr-CA)'),
  /** The account the order is for (spec 2 §3 account uid). */
  uid: z.string().min(1).max(64),
  orderType: z.number().int().nullable(),
  shipping: z.object({
    method: z.number().int().nullable(),
    address: CheckoutAddress.nullable(),
  }),
  /** Staff overrides of tax and shipping (spec 2 §3 overrides), in cents; null keeps the estimate's. */
  overrides: z
    .object({
      overrideTax: cents('Tax override', BOUNDS.taxOverrideCents, BOUND_MESSAGES.taxOverride)
        .nullable()
        .optional(),
      overrideShipping: cents(
        'Shipping override',
        BOUNDS.shippingOverrideCents,
        BOUND_MESSAGES.shippingOverride,
      )
        .nullable()
        .optional(),
    })
    .default({}),
  /**
   * Product credit the staff member applies, in cents (spec 2 §5: never above the balance; the
   * estimate says so in a notice when it is, and the purchase refuses it).
   */
  appliedCredit: cents('Product credit', BOUNDS.appliedCreditCents, BOUND_MESSAGES.appliedCredit).default(0),
  payment: CheckoutPayment.nullable().optional(),
  giftMessage: z.string().max(200).nullable().optional(),
  /** The order is a gift (spec 2 §3 giftOption); a gift message makes it one as well. */
  giftOption: z.boolean().optional(),
  popupId: z.number().int().nullable().optional(),
  siftSessionId: z.string().max(80).nullable().optional(),
});
export type OrderContext = z.input<typeof OrderContext>;
export type OrderContextValues = z.output<typeof OrderContext>;

export const SubmitRequest = OrderContext.extend({
  /**
   * One key per checkout: a double submit answers the first order (spec: double click → one
   * order). Required, in the body or the Idempotency-Key header (ADR 015, 021).
   */
  idempotencyKey: idempotencyKeyField(),
});
export type SubmitRequest = z.input<typeof SubmitRequest>;

export const RateView = z.object({
  method: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  /** Before shipping promos, when a promo lowered it. */
  regularAmount: z.number().int(),
  phoenixShippingMethodId: z.number().int().nullable(),
});

export const EstimateTotals = z.object({
  prePromoSubtotal: z.number().int(),
  discount: z.number().int(),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  shippingTax: z.number().int(),
  appliedCredit: z.number().int(),
  grandTotal: z.number().int(),
});
export type EstimateTotals = z.infer<typeof EstimateTotals>;

/** The customer of the order context (spec 2 §3 Customer, order context). */
export const OrderContextCustomer = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.number().int(),
  sponsorId: z.number(),
  phoenixId: z.number(),
  email: z.string().nullable(),
  groupId: z.number().int().nullable(),
  memberExpirationDateUTC: z.string().nullable(),
  enrollmentDateUTC: z.string().nullable(),
  consultantMilestones: z.array(
    z.object({ name: z.string(), achievedAt: z.string().nullable(), expirationDate: z.string().nullable() }),
  ),
});
export type OrderContextCustomer = z.infer<typeof OrderContextCustomer>;

export const EstimateContext = z.object({
  estimateId: z.string(),
  customer: OrderContextCustomer,
  /** The order is a gift: asked for, or a gift message was given. */
  giftOption: z.boolean(),
  /** The cart's host rewards (isFree: the 100% ones; others are half off). */
  hostRewardItems: z.array(z.object({ sku: z.string(), quantity: z.number().int(), isFree: z.boolean() })),
  /** SKUs in the order the catalogue has out of stock in the order's country. */
  outOfStock: z.array(z.string()),
  /** Prices and volumes follow the wholesale (consultant) rules. */
  isWholesale: z.boolean(),
  countryId: z.number().int(),
  currency: z.object({ name: z.string(), format: z.string() }),
  shipping: z.object({ method: z.number().int().nullable(), rates: z.array(RateView) }),
  tax: z.object({ taxAmount: z.number().int(), rateBasisPoints: z.number().int() }),
  productCredit: z.object({ balance: z.number().int(), applied: z.number().int() }),
  totals: EstimateTotals,
  isMembership: z.boolean(),
  isRenewal: z.boolean(),
  /**
   * With a popup chosen, Ship to Social (shipping option 6) is offered when its host has an address
   * in the order's country; with that method chosen the order ships there (spec 2 §3, §9).
   */
  shipToSocial: z
    .object({
      popupId: z.number().int(),
      name: z.string(),
      /** Chosen: the estimate priced the host's address and the order ships there. */
      chosen: z.boolean(),
      address: z.object({
        firstName: z.string(),
        lastName: z.string(),
        address: z.string(),
        address2: z.string().nullable(),
        city: z.string(),
        region: z.string(),
        postalCode: z.string(),
        countryId: z.number().int(),
      }),
    })
    .nullable(),
  /**
   * Spec 2 §6, ADR 015: when the account's overrides start on (`overrideDefaults` of the account),
   * the figures they start from: the estimate's own tax and shipping, before any override.
   */
  overrideDefaults: z
    .object({ overrideTax: z.number().int(), overrideShipping: z.number().int() })
    .nullable(),
  /** Checkout step: 3 once a shipping method and a payment exist (spec 2 §4). */
  step: z.number().int(),
  errors: z.array(z.string()),
  cartMessages: z.array(z.object({ code: z.string(), message: z.string() })),
  /**
   * What the estimate changed or left out on its own (ADR 026): product credit above the balance
   * or the subtotal, a membership or renewal SKU the account may not buy.
   */
  notices: z.array(Notice),
});
export type EstimateContext = z.infer<typeof EstimateContext>;

/** Estimate answer (spec 2 §7): success, context, code, message. */
export const EstimateAnswer = z.object({
  success: z.boolean(),
  context: EstimateContext.nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
});
export type EstimateAnswer = z.infer<typeof EstimateAnswer>;

export const SubmitAnswer = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z
    .object({
      id: z.string(),
      orderId: z.number().int(),
      orderLabel: z.string(),
      collection: z.string(),
      state: z.number().int(),
      grandTotal: z.number().int(),
      currency: z.string(),
    })
    .nullable(),
});
export type SubmitAnswer = z.infer<typeof SubmitAnswer>;

export const SavedCard = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  countryId: z.number().int(),
  cardholderName: z.string().nullable(),
});
export type SavedCard = z.infer<typeof SavedCard>;
export const SavedCardsRequest = z.object({ country: z.union([z.literal(1), z.literal(2)]).default(1) });
export const SavedCardsAnswer = z.object({ success: z.literal(true), data: z.array(SavedCard) });

export const EnrollmentVerifyRequest = z.object({
  uid: z.string().min(1).max(64),
  countryId: z.union([z.literal(1), z.literal(2)]),
  mentorId: z.number().int().nullable().optional(),
});
/** Enrollment check: canClose starts an enrollment order; errors otherwise (spec 2 §4). */
export const EnrollmentVerifyAnswer = z.object({
  success: z.boolean(),
  canClose: z.boolean(),
  errors: z.array(z.string()),
  message: z.string().nullable(),
});
export type EnrollmentVerifyAnswer = z.infer<typeof EnrollmentVerifyAnswer>;

export const RecentOrder = z.object({
  id: z.string(),
  orderId: z.number().int(),
  orderLabel: z.string(),
  dateCreatedUtc: z.string(),
  grandTotal: z.number().int(),
  currency: z.string(),
  products: z.array(z.object({ sku: z.string(), title: z.string(), quantity: z.number().int() })),
});
export type RecentOrder = z.infer<typeof RecentOrder>;
export const RecentOrdersAnswer = z.object({ success: z.literal(true), data: z.array(RecentOrder) });

export const CheckoutAccount = z.object({
  uid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  userType: z.number().int(),
  countryId: z.number().int(),
  defaultLanguageId: z.number().int(),
  sponsorId: z.number(),
  phoenixId: z.number(),
  tAndCAccepted: z.boolean(),
  memberExpirationDateUTC: z.string().nullable(),
  enrollmentDateUTC: z.string().nullable(),
  /** The account's customer ids at the card processor, in the US and in Canada (never card data). */
  squareId: z.string().nullable(),
  squareIdCA: z.string().nullable(),
  /** Member terms records, newest first (spec 2 §3 bobTCs). */
  bobTCs: z.array(
    z.object({
      orderId: z.string().nullable(),
      orderDate: z.string(),
      orderExpiration: z.string().nullable(),
      signed: z.boolean(),
      declined: z.boolean(),
    }),
  ),
  productCredit: z.object({ us: z.number().int(), ca: z.number().int() }),
  // The address book's entries, with the date of their last verification (spec 3 §4: 180 days).
  shippingAddresses: z.array(
    ShippingAddress.omit({ country: true, phoenixId: true, dateLastModified: true }).extend({
      melissaVerificationDateUTC: z.string().nullable(),
    }),
  ),
  popups: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
  /**
   * Whether the order context's overrides (spec 2 §3 overrideTax, overrideShipping) start on for
   * this account: both, for a consultant while the consultantOverrideDefaults flag is on (spec 2
   * §6); otherwise both off and tax and shipping come from the estimate.
   */
  overrideDefaults: z.object({ overrideTax: z.boolean(), overrideShipping: z.boolean() }),
});
export type CheckoutAccount = z.infer<typeof CheckoutAccount>;
export const CheckoutAccountAnswer = z.object({ success: z.literal(true), data: CheckoutAccount });
