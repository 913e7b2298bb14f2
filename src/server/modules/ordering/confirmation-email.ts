import type { OrderDetail } from '@domain/orders/detail';
import { orderShippingMethodName, SHIP_TO_SOCIAL_OPTION } from '@domain/reference';
import { renderEmail } from '../../platform/email-layout';
import type { EmailInput } from '../../platform/outbox';
import { orderEmail } from '../orders/emails';

// The order confirmation email in the customer's language (issue 12: English or French). English
// is the orders module's email; French is written here with the same facts.

/** The shipping method as the French email names it (Ship to Social is the popup's delivery). */
const frenchMethod = (o: OrderDetail) =>
  o.shippingMethodId === SHIP_TO_SOCIAL_OPTION && o.socialId !== null
    ? 'Livraison à la fête'
    : (orderShippingMethodName(o.shippingMethodId, o.socialId) ?? 'Standard');

const money = (cents: number, o: OrderDetail) =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency: o.currency }).format(cents / 100);

function french(o: OrderDetail, to: string): EmailInput {
  const t = o.totals;
  const a = o.shippingAddress;
  const { html, text } = renderEmail({
    title: `Commande ${o.orderLabel} confirmée`,
    paragraphs: [
      `Bonjour ${o.customer.firstName},`,
      `Merci de votre commande. Voici ce que vous avez commandé le ${o.dateCreatedUtc.slice(0, 10)} :`,
      ...o.lines.map(
        (l) =>
          `${l.quantity} × ${l.title} — SKU ${l.sku} — ${l.totalCents === 0 ? 'Gratuit' : money(l.totalCents, o)}`,
      ),
      `Sous-total : ${money(t.subtotalCents, o)}`,
      `Livraison : ${money(t.shippingCents, o)}`,
      `Taxes : ${money(t.taxCents, o)}`,
      ...(t.appliedCreditCents ? [`Crédit produit : −${money(t.appliedCreditCents, o)}`] : []),
      `Total : ${money(t.grandTotalCents, o)}`,
      a
        ? `Livraison à : ${a.firstName} ${a.lastName}, ${[a.address, a.address2].filter(Boolean).join(', ')}, ${a.city}, ${a.region} ${a.postalCode}`
        : 'Livraison à votre hôtesse',
      `Mode de livraison : ${frenchMethod(o)}`,
    ],
  });
  return {
    template: 'order-confirmation',
    to,
    subject: `Votre commande ${o.orderLabel} est confirmée`,
    html,
    text,
    payload: { orderId: o.id, orderLabel: o.orderLabel, language: 'fr' },
    entityId: o.id,
  };
}

export function confirmationEmail(o: OrderDetail, to: string, languageId: number): EmailInput {
  return languageId === 2 ? french(o, to) : orderEmail('order-confirmation', o, to);
}
