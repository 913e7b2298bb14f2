import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { downstreamExports, orderPayments, orders, shippingAddresses, socials } from '../../db/schema';
import { context, key, setUpCheckoutApp } from '../../testing/checkout-app';
import { downstreamPass } from '../downstream/downstream.worker';

const { app, db, post, get, customer, savedCard, cartWith } = setUpCheckoutApp();

describe('ship to social (spec 2 §3, §4, §9 shipping option 6)', () => {
  /** A consultant hosting an open popup, with a default address in Texas, and a client of theirs. */
  async function popupSetup(o: { hostAddress?: boolean; status?: 'open' | 'closed' } = {}) {
    const host = await customer({ userType: 1 });
    if (o.hostAddress !== false)
      await db().insert(shippingAddresses).values({
        accountUid: host.uid,
        firstName: 'Hostess',
        lastName: 'Withthemost',
        address: '500 E 7th St',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
        countryId: 1,
        isDefaultShipping: true,
      });
    const [popup] = await db()
      .insert(socials)
      .values({ uid: host.uid, hostUid: host.uid, name: 'Spring Glow Pop-Up', status: o.status ?? 'open' })
      .returning();
    const c = await customer({ sponsorId: host.phoenixId, email: 'popup-guest@example.com' });
    return { host, popup: popup!, c };
  }

  it('offers Ship to Social (6, free) instead of the rate tables’ method 6 once a popup is chosen; tax from the host address', async () => {
    const { popup, c } = await popupSetup();
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const plain = (await post('/api/orders/estimate', context(c.uid, cartId))).json();
    expect(plain.context.shipping.rates.map((r: { name: string }) => r.name)).toEqual([
      'Standard Ground',
      '2nd Day',
      'Next Day',
    ]);
    expect(plain.context.shipToSocial).toBeNull();
    // No customer address: the host's address is where the order goes and what is taxed.
    const e = (
      await post(
        '/api/orders/estimate',
        context(c.uid, cartId, { popupId: popup.id, shipping: { method: 6, address: null } }),
      )
    ).json();
    expect(e.success, JSON.stringify(e)).toBe(true);
    expect(
      e.context.shipping.rates.map((r: { method: number; name: string; amount: number }) => [
        r.method,
        r.name,
        r.amount,
      ]),
    ).toEqual([
      [3, 'Standard Ground', 795],
      [5, '2nd Day', 1695],
      [6, 'Ship to Social', 0],
    ]);
    expect(e.context.shipping.method).toBe(6);
    // LIP 1000, TX 8.25% → 83 (nothing on a free shipping charge).
    expect(e.context.totals).toMatchObject({ subtotal: 1000, shipping: 0, tax: 83, grandTotal: 1083 });
    expect(e.context.shipToSocial).toMatchObject({
      popupId: popup.id,
      name: 'Spring Glow Pop-Up',
      chosen: true,
      address: { address: '500 E 7th St', region: 'TX', postalCode: '78701' },
    });
  });

  it('writes the order to ship-to-socials: authorized, not exported, Pending Pop-up in search, shipped to the host', async () => {
    const { popup, c } = await popupSetup();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 2]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, {
        popupId: popup.id,
        shipping: { method: 6, address: null },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ collection: 'ship-to-socials', state: 1, grandTotal: 2165 });
    const id = r.json().data.id as string;
    const [o] = await db().select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({
      socialId: popup.id,
      shippingMethodId: 6,
      shippingCents: 0,
      paymentState: 'authorized',
      dateCapturedUtc: null,
      shippingAddress: expect.objectContaining({ address: '500 E 7th St', firstName: 'Hostess' }),
    });
    // Nothing downstream while it waits for its pop-up, not even after a sweep of the export.
    await downstreamPass(db(), app().app.log, { sweep: true });
    expect(await db().select().from(downstreamExports).where(eq(downstreamExports.orderId, id))).toEqual([]);
    const [pay] = await db().select().from(orderPayments).where(eq(orderPayments.orderId, id));
    expect(pay).toMatchObject({ method: 'card', state: 'authorized', amountCents: 2165 });
    // The customer's address book is left alone; the popup counts the order.
    expect(
      await db().select().from(shippingAddresses).where(eq(shippingAddresses.accountUid, c.uid)),
    ).toEqual([]);
    const [s] = await db().select().from(socials).where(eq(socials.id, popup.id));
    expect(s).toMatchObject({ orderCount: 1, totalCents: 2165 });
    const search = await get(`/api/cs/orders/?orderId=${o!.orderId}`);
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().data.processedOrders.map((x: { status: string }) => x.status)).toEqual([
      'Pending Pop-up',
    ]);
    const detail = (await get(`/api/cs/order/${id}`)).json();
    expect(JSON.stringify(detail)).toContain('ship-to-socials');
  });

  it('a popup order shipped to the customer is an ordinary invoice with the popup on it', async () => {
    const { popup, c } = await popupSetup();
    const card = await savedCard(c.uid);
    const cartId = await cartWith(c.uid, [['LIP', 1]]);
    const r = await post('/api/purchase', {
      ...context(c.uid, cartId, { popupId: popup.id, payment: { savedCard: true, cardId: card } }),
      idempotencyKey: key(),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ collection: 'invoices', state: 3 });
    const [o] = await db().select().from(orders).where(eq(orders.id, r.json().data.id));
    expect(o).toMatchObject({ socialId: popup.id, shippingMethodId: 3, paymentState: 'captured' });
  });

  it('refuses a popup that is closed or not the customer’s, and Ship to Social without a host address', async () => {
    const closed = await popupSetup({ status: 'closed' });
    const cartId = await cartWith(closed.c.uid, [['LIP', 1]]);
    const e = (
      await post('/api/orders/estimate', context(closed.c.uid, cartId, { popupId: closed.popup.id }))
    ).json();
    expect(e).toMatchObject({
      success: false,
      message: 'That pop-up is not open for this customer. Choose another or none.',
    });
    const stranger = await customer();
    const other = await popupSetup();
    const strangerCart = await cartWith(stranger.uid, [['LIP', 1]]);
    const card = await savedCard(stranger.uid);
    const refused = await post('/api/purchase', {
      ...context(stranger.uid, strangerCart, {
        popupId: other.popup.id,
        shipping: { method: 6, address: null },
        payment: { savedCard: true, cardId: card },
      }),
      idempotencyKey: key(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      'Your order was not successful. That pop-up is not open for this customer. Choose another or none.',
    );
    const noAddress = await popupSetup({ hostAddress: false });
    const cart2 = await cartWith(noAddress.c.uid, [['LIP', 1]]);
    const e2 = (
      await post(
        '/api/orders/estimate',
        context(noAddress.c.uid, cart2, {
          popupId: noAddress.popup.id,
          shipping: { method: 6, address: null },
        }),
      )
    ).json();
    expect(e2).toMatchObject({ success: false, code: 'void-shipping-address' });
    expect(await db().select().from(orders).where(eq(orders.customerUid, stranger.uid))).toEqual([]);
  });
});
