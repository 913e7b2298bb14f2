import type { CustomerViewOverview, CustomerViewSession } from '@domain/customer-view/contracts';
import { orderNumberLabel } from '@domain/customers/order-status';
import { COMPANY_SPONSOR_ID } from '@domain/reference/constants';
import { countryName } from '@domain/reference/lists';
import type { AppContext } from '../../platform/context';
import { type CustomerViewPrincipal, createCustomerViewSession } from '../../platform/customer-view-sessions';
import { accountRef, fullName, loadAccount } from '../accounts/accounts.service';
import { spendCustomerToken } from '../accounts/operations.service';
import { addressesOf } from '../addresses/addresses.service';
import { customerCarts } from '../carts/carts.service';
import { latestOrders, summaryOrNone } from '../customers/customers.service';
import { balancesOf } from '../product-credit/product-credit.service';

// The customer view (spec 1 §4 Sign in as the customer; ADR 022): a redeemed sign-in link opens a
// customer view session, which reads this one customer's own account and nothing else.

const RECENT_ORDERS = 20;
const OPEN_CARTS = 20;

const iso = (value: Date | null): string | null => (value == null ? null : value.toISOString());

/**
 * Follows a sign-in link: spends the token (once, unexpired; audited on the customer with the
 * staff member) and opens a customer view session, in one transaction.
 */
export async function openCustomerView(ctx: AppContext, token: string) {
  return ctx.db.transaction(async (tx) => {
    const { account, staff } = await spendCustomerToken(tx, token, 'customerView');
    const now = new Date();
    const session = await createCustomerViewSession(
      tx,
      { accountUid: account.uid, staffUserId: staff.id },
      now,
    );
    const info: CustomerViewSession = {
      customer: { uid: account.uid, phoenixId: account.phoenixId, fullName: fullName(account) },
      staff: { name: staff.name, email: staff.email },
      startedAt: now.toISOString(),
      expiresAt: session.expiresAt.toISOString(),
    };
    return { token: session.token, expiresAt: session.expiresAt, info };
  });
}

export async function sessionInfo(
  ctx: AppContext,
  view: CustomerViewPrincipal,
): Promise<CustomerViewSession> {
  const account = await loadAccount(ctx.db, view.accountUid);
  return {
    customer: { uid: account.uid, phoenixId: account.phoenixId, fullName: fullName(account) },
    staff: { name: view.staffName, email: view.staffEmail },
    startedAt: view.startedAt.toISOString(),
    expiresAt: view.expiresAt.toISOString(),
  };
}

/** The customer's own account, addresses, recent orders, open carts and product credit. */
export async function overview(ctx: AppContext, view: CustomerViewPrincipal): Promise<CustomerViewOverview> {
  const uid = view.accountUid;
  const db = ctx.db;
  const [account, found, addresses, orders, carts, credit] = await Promise.all([
    loadAccount(db, uid),
    summaryOrNone(db, uid),
    addressesOf(db, uid),
    latestOrders(db, uid, RECENT_ORDERS + 1),
    customerCarts(db, uid, { openOnly: true, limit: OPEN_CARTS }),
    balancesOf(db, uid),
  ]);
  const summary = found!;
  const consultant =
    account.sponsorId === COMPANY_SPONSOR_ID ? null : await accountRef(db, account.sponsorId);
  return {
    account: {
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      telephone: account.telephone,
      phoenixId: account.phoenixId,
      userType: account.userType,
      countryId: account.countryId,
      defaultLanguageId: account.defaultLanguageId,
      membershipStatus: summary.membershipStatus,
      memberExpirationDateUtc: summary.memberExpirationDateUtc,
      enrollmentDateUtc: iso(account.enrollmentDateUtc),
      consultantName: consultant?.fullName ?? null,
    },
    addresses: addresses.map((a) => ({
      id: a.id,
      name: `${a.firstName} ${a.lastName}`.trim(),
      companyName: a.companyName,
      lines: [
        a.address,
        a.address2,
        `${a.city}, ${a.region} ${a.postalCode}`,
        countryName(a.countryId) ?? a.country,
      ].filter((l): l is string => Boolean(l)),
      telephone: a.telephone,
      isDefaultShipping: a.isDefaultShipping,
    })),
    orders: orders.slice(0, RECENT_ORDERS).map((o) => ({
      orderNumber: orderNumberLabel(o.orderId, o.customerUserType),
      dateCreatedUtc: o.dateCreatedUtc,
      status: o.status,
      grandTotalCents: o.grandTotalCents,
      currency: o.currency,
    })),
    moreOrders: orders.length > RECENT_ORDERS,
    carts: carts.map((c) => ({
      cartId: c.cartId,
      currency: c.currency,
      totalProducts: c.totalProducts,
      subtotalCents: c.subtotalCents,
      lastSaved: c.lastSaved,
      forPopup: c.socialId !== null,
    })),
    productCredit: credit
      .sort((a, b) => a.country.localeCompare(b.country))
      .map((c) => ({
        country: c.country,
        balanceCents: c.balanceCents,
        expirationDate: iso(c.expirationDate),
      })),
  };
}
