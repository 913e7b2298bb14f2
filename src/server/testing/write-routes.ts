import type { FIELD_ACTIONS } from '@domain/auth/field-actions';

// Every write route of the API and the fields of guarded records it can change (ADR 018). The
// field-permission tests check that this list names every non-GET route the app registers, that
// each field is one of the field-level actions, and that each write of a guarded field is allowed
// exactly when the permission table allows it. A new write route fails those tests until it is
// added here, which is when its author decides which guarded fields it reaches.

type FieldRef = {
  [R in keyof typeof FIELD_ACTIONS]: `${R}.${keyof (typeof FIELD_ACTIONS)[R] & string}`;
}[keyof typeof FIELD_ACTIONS];

const PROFILE = [
  'account.firstName',
  'account.lastName',
  'account.email',
  'account.userType',
  'account.dateOfBirth',
  'account.telephone',
  'account.genderId',
  'account.defaultLanguageId',
  'account.countryId',
  'account.memberExpirationDateUtc',
  'account.nextRenewalDateUtc',
] as const;
const MEMBERSHIP_DATES = ['account.memberExpirationDateUtc', 'account.nextRenewalDateUtc'] as const;

export const WRITE_ROUTES: Record<string, readonly FieldRef[]> = {
  // Session, staff and platform: no customer, order or promo field.
  'POST /api/auth/login': [],
  // The read-only customer view (ADR 022): opening and closing its own session.
  'POST /api/customer-view/session': [],
  'DELETE /api/customer-view/session': [],
  // Money reconciliation (ADR 025): starts a run that only reads money records.
  'POST /api/reconciliation/run': [],
  'POST /api/auth/logout': [],
  'POST /api/auth/devMode': [],
  /** A staff member's own email, or a customer's (records.edit). */
  'POST /api/auth/updateEmail': ['account.email'],
  'POST /api/auth/confirmEmail': [],
  'POST /api/accounts/forgotPassword': [],
  'POST /api/accounts/resetPassword': [],
  'POST /api/administrators': [],
  'PATCH /api/administrators/:id': [],
  'POST /api/administrators/:id/deactivate': [],
  'POST /api/administrators/:id/activate': [],
  'POST /api/administrators/:id/sendPasswordLink': [],
  'PUT /api/flags/:name': [],
  'POST /api/outbox/:id/retry': [],
  /** GraphQL: customer queries only; the cart mutations change carts (records.edit). */
  'POST /api/query': [],
  // Carts: the cart's lines, codes, overrides and locale, never the account.
  'POST /api/carts': [],
  'POST /api/carts/:cartId/products': [],
  'DELETE /api/carts/:cartId/lines/:lineId': [],
  'PUT /api/carts/:cartId/lines/:lineId': [],
  'POST /api/carts/:cartId/promo-codes': [],
  'DELETE /api/carts/:cartId/promo-codes/:code': [],
  'POST /api/carts/:cartId/overrides': [],
  'DELETE /api/carts/:cartId/overrides/:overrideId': [],
  'PUT /api/carts/:cartId/locale': [],
  'POST /api/carts/:cartId/host-rewards': [],
  'POST /api/carts/:cartId/gift-selections': [],
  'POST /api/carts/:cartId/clear': [],
  'PUT /api/carts/:cartId/influencer': [],
  // Accounts.
  'PUT /api/cs/customer/:uid': PROFILE,
  'POST /api/cs/enrollerId/': ['account.enrollerId'],
  'POST /api/cs/sponsorId/': ['account.sponsorId'],
  'POST /api/cs/customer/:uid/country': ['account.countryId'],
  'POST /api/cs/customer/:uid/comments': [],
  'POST /api/cs/taxNumber': ['account.sealedTaxNumber', 'account.isEntity', 'account.entityName'],
  'POST /api/cs/membership/status/:id': ['account.userType', ...MEMBERSHIP_DATES],
  'POST /api/cs/membership/expiration/:id': MEMBERSHIP_DATES,
  'POST /api/cs/membership/lapseMember/:id': MEMBERSHIP_DATES,
  'POST /api/cs/account/restoreMemberToConsultant/:id': ['account.userType'],
  'POST /api/cs/updateStatus/:id': ['account.accountStatus'],
  'POST /api/cs/resendTcsAcceptanceEmail/:id': [],
  'POST /api/cs/account/:id/custom-token': [],
  'POST /api/account/open/customTokenLogin': [],
  'POST /api/cs/account/:id/:action': [],
  'POST /api/cs/accounts/phoenix/pws': ['account.pwsKey'],
  'PUT /api/cs/accounts/phoenix/pws': ['account.pwsKey'],
  'POST /api/cs/account/:id/restoreClientsAndMembersFromHQ': ['account.sponsorId'],
  'POST /api/cs/consultant/:id/restoreDownlineConsultants': ['account.sponsorId'],
  'PUT /api/cs/commissions/compressAccountById': ['account.sponsorId'],
  'POST /api/cs/compressDownline': ['account.sponsorId'],
  'POST /api/cs/commissions/changeCountry': ['account.countryId'],
  /** Employee offboarding changes the employee's service records, not the account. */
  'POST /api/auth/offboardBCCOMEmployeeAuth': [],
  'POST /api/auth/offboardBCCOMEmployeeAccount': [],
  'POST /api/auth/removeCSUser': [],
  'POST /api/cs/customer/:uid/addresses': [],
  'PUT /api/cs/customer/:uid/addresses/:addressId': [],
  'DELETE /api/cs/customer/:uid/addresses/:addressId': [],
  'POST /api/cs/customer/:uid/addresses/:addressId/default': [],
  'POST /api/cs/updateBalance/:uid': [],
  'POST /api/startCounting/query': [],
  'POST /api/startCounting/export': [],
  // Orders.
  'POST /api/cs/failedOrders/retry': [],
  'PUT /api/cs/order/:id/shippingAddress': ['order.shippingAddress'],
  'POST /api/cs/order/:id/comments': [],
  'POST /api/cs/cancelOrder/:id': ['order.state', 'order.cancellation'],
  'POST /api/cs/order/:id/fraud': ['order.isFraud'],
  'POST /api/sift/apply-order-decision': ['order.isFraud'],
  'POST /api/cs/resendOrderConfirmation/:id': [],
  'POST /api/cs/resendShippingConfirmation/:id': [],
  'POST /api/cs/resendTermsEmail': [],
  'POST /api/cs/order/:id/popup': ['order.socialId'],
  'POST /api/cs/recalculateSocial': [],
  // Promos: rule content by collection (promos.edit, publish, deploy); the switch and the date here.
  'POST /api/cs/promo/editRule': ['promoRule.active', 'promoRule.publishToProd'],
  'POST /api/cs/promo/deployRule': ['promoRule.active', 'promoRule.publishToProd'],
  'POST /api/cs/promos/:id/deploy': ['promoRule.publishToProd'],
  // What a scheduled publish date puts live (needs promos.deploy itself, as the date does).
  'POST /api/cs/promos/reschedule': ['promoRule.publishToProd'],
  // Reads product names for the simulator's reasons; writes nothing.
  'POST /api/cs/promo/productNames': [],
  'POST /api/cs/promos/create': ['promoRule.active', 'promoRule.publishToProd'],
  /** Bulk update changes condition, action and exclusion lists only. */
  'POST /api/cs/promos/bulkUpdate': [],
  'POST /api/cs/promo/simulationInput': [],
  /** A restored version keeps the draft's own switch and publish date. */
  'POST /api/cs/promos/:name/restore': [],
  'POST /api/cs/promo/shippingRates': [],
  // Batch orders and bulk ledgers place orders and credit entries; no account or order field.
  'POST /api/batchOrders/preview': [],
  'POST /api/batchOrders': [],
  'PATCH /api/batchOrders/:id/rows/:rowId': [],
  'POST /api/batchOrders/:id/retry': [],
  'POST /api/batchOrders/:id/resume': [],
  'POST /api/bulkLedgers/preview': [],
  'POST /api/bulkLedgers': [],
  'PATCH /api/bulkLedgers/:id/rows/:rowId': [],
  'POST /api/bulkLedgers/:id/retry': [],
  'POST /api/bulkLedgers/:id/resume': [],
  // Ordering: reads that take a body, the purchase (a new order) and the cart's country.
  'POST /api/customerCards/:uid': [],
  'POST /api/enrollments/verify': [],
  'POST /api/orders/estimate': [],
  'POST /api/checkout/estimate': [],
  'POST /api/purchase': [],
  'POST /api/checkout/:cartId/country': [],
  // Refunds and returns.
  'POST /api/cs/refund/estimate': [],
  'POST /api/cs/refund': [],
  'POST /api/refund/refund': [],
  'POST /api/cs/retryRefund': [],
  'POST /api/cs/returns/:id/status': [],
};
