import type { OrderDetail } from '@domain/orders/detail';
import { orderShippingMethodName } from '@domain/reference';
import { type EmailContent, renderEmail } from '../../platform/email-layout';
import type { EmailInput } from '../../platform/outbox';

// The customer emails of one order (spec 2 §2 resend buttons), written from the order itself:
// its lines, totals, ship-to address and tracking. The outbox delivers them (or keeps them
// readable on the Outbox screen without SMTP).

export type OrderEmailKind = 'order-confirmation' | 'shipping-confirmation' | 'terms-acceptance';

const money = (cents: number, o: OrderDetail) =>
  new Intl.NumberFormat(o.localeCode || 'en-US', { style: 'currency', currency: o.currency }).format(
    cents / 100,
  );

function lineParagraphs(o: OrderDetail): string[] {
  return o.lines.map(
    (l) =>
      `${l.quantity} × ${l.title}${l.selectedVariant ? ` (${l.selectedVariant})` : ''} — SKU ${l.sku} — ${
        l.totalCents === 0 ? 'Free' : money(l.totalCents, o)
      }`,
  );
}

function totalParagraphs(o: OrderDetail): string[] {
  const t = o.totals;
  return [
    `Subtotal: ${money(t.subtotalCents, o)}${t.discountCents ? ` (after ${money(t.discountCents, o)} off)` : ''}`,
    `Shipping: ${money(t.shippingCents, o)}`,
    `Tax: ${money(t.taxCents, o)}`,
    ...(t.appliedCreditCents ? [`Product credit: −${money(t.appliedCreditCents, o)}`] : []),
    `Total: ${money(t.grandTotalCents, o)}`,
  ];
}

function shipTo(o: OrderDetail): string {
  const a = o.shippingAddress;
  if (!a) return 'Ships to: your popup host';
  const street = [a.address, a.address2].filter(Boolean).join(', ');
  return `Ships to: ${a.firstName} ${a.lastName}, ${street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`;
}

function content(kind: OrderEmailKind, o: OrderDetail): EmailContent & { subject: string } {
  const hello = `Hello ${o.customer.firstName},`;
  if (kind === 'order-confirmation')
    return {
      subject: `Your order ${o.orderLabel} is confirmed`,
      title: `Order ${o.orderLabel} confirmed`,
      paragraphs: [
        hello,
        `Thank you for your order. Here is what you ordered on ${o.dateCreatedUtc.slice(0, 10)}:`,
        ...lineParagraphs(o),
        ...totalParagraphs(o),
        shipTo(o),
        `Shipping method: ${orderShippingMethodName(o.shippingMethodId, o.socialId) ?? 'Standard'}`,
      ],
    };
  if (kind === 'shipping-confirmation')
    return {
      subject: `Your order ${o.orderLabel} has shipped`,
      title: `Order ${o.orderLabel} is on its way`,
      paragraphs: [
        hello,
        'Good news: your order has shipped.',
        ...o.shipments.map(
          (s) =>
            `${s.carrierName} tracking number ${s.trackingNumber}${s.trackingUrl ? `: ${s.trackingUrl}` : ''}`,
        ),
        ...lineParagraphs(o),
        shipTo(o),
      ],
      ...(o.shipments[0]?.trackingUrl
        ? { action: { label: 'Track your package', url: o.shipments[0].trackingUrl } }
        : {}),
    };
  return {
    subject: `Please accept the terms for order ${o.orderLabel}`,
    title: 'Accept the membership terms',
    paragraphs: [
      hello,
      `Your order ${o.orderLabel} is waiting for you to accept the terms and conditions. It is processed once you accept them.`,
      'Sign in to your account to read and accept them.',
      ...lineParagraphs(o),
      `Total: ${money(o.totals.grandTotalCents, o)}`,
    ],
  };
}

export function orderEmail(kind: OrderEmailKind, o: OrderDetail, to: string): EmailInput {
  const { subject, ...body } = content(kind, o);
  const { html, text } = renderEmail(body);
  return {
    template: kind,
    to,
    subject,
    html,
    text,
    payload: { orderId: o.id, orderLabel: o.orderLabel },
    entityId: o.id,
  };
}
