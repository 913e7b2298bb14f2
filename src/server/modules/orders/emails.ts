import { orderSummary } from '@domain/money/summary';
import type { OrderDetail } from '@domain/orders/detail';
import {
  formatMoney,
  formatMoneyOff,
  orderShippingMethodName,
  SHIP_TO_SOCIAL_OPTION,
} from '@domain/reference';
import {
  customerSiteLink,
  type EmailLocale,
  formatDay,
  languageOf,
  renderCustomerEmail,
} from '../../platform/customer-email';
import type { EmailContent } from '../../platform/email-layout';
import type { EmailInput } from '../../platform/outbox';

// The customer emails of one order (the confirmation at purchase, and spec 2 §2 resend buttons),
// written from the order itself: its lines, totals, ship-to address and tracking, in the customer's
// language with money in their locale. The outbox delivers them (or keeps them readable on the
// Outbox screen without SMTP).

export type OrderEmailKind = 'order-confirmation' | 'shipping-confirmation' | 'terms-acceptance';

export interface OrderEmailOptions {
  locale: EmailLocale;
  /** CUSTOMER_SITE_URL: where the customer acts on the email (accepting the terms). */
  customerSiteUrl: string;
}

/** The customer site's page where the terms of an account (and the order waiting on them) are accepted. */
export const TERMS_PAGE = '/terms/accept';

const FRENCH_METHODS: Record<string, string> = {
  'Standard Ground': 'Standard au sol',
  '2nd Day': 'Livraison en 2 jours',
  'Next Day': 'Livraison le lendemain',
  'Canada Standard': 'Standard (Canada)',
  'Canada Expedited': 'Accélérée (Canada)',
  'Express (3-5 business days)': 'Express (3 à 5 jours ouvrables)',
  'Store Pickup': 'Cueillette en magasin',
  Express: 'Express',
  Standard: 'Standard',
  'Do Not Ship': 'Aucune expédition',
};

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    free: 'Free',
    rows: {
      items: 'Items before promotions',
      promotions: 'Promotions',
      subtotal: 'Subtotal',
      shipping: 'Shipping',
      tax: 'Tax',
      credit: 'Product credit',
      total: 'Total',
    },
    row: (label: string, amount: string) => `${label}: ${amount}`,
    step: (from: string, to: string) => `list ${from}, your price ${to}`,
    shipTo: (address: string) => `Ships to: ${address}`,
    shipToHost: 'Ships to: your popup host',
    method: (name: string) => `Shipping method: ${name}`,
    methodName: (o: OrderDetail) => orderShippingMethodName(o.shippingMethodId, o.socialId) ?? 'Standard',
    confirmed: {
      subject: (label: string) => `Your order ${label} is confirmed`,
      title: (label: string) => `Order ${label} confirmed`,
      intro: (day: string) => `Thank you for your order. Here is what you ordered on ${day}:`,
    },
    shipped: {
      subject: (label: string) => `Your order ${label} has shipped`,
      title: (label: string) => `Order ${label} is on its way`,
      intro: 'Good news: your order has shipped.',
      tracking: (carrier: string, number: string) => `${carrier} tracking number ${number}`,
      action: 'Track your package',
    },
    terms: {
      subject: (label: string) => `Please accept the terms for order ${label}`,
      title: 'Accept the membership terms',
      intro: (label: string) =>
        `Your order ${label} is waiting for you to accept the terms and conditions. It is processed once you accept them.`,
      how: 'Use the button below to read and accept them.',
      action: 'Review and accept the terms',
    },
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    free: 'Gratuit',
    rows: {
      items: 'Articles avant promotions',
      promotions: 'Promotions',
      subtotal: 'Sous-total',
      shipping: 'Livraison',
      tax: 'Taxes',
      credit: 'Crédit produit',
      total: 'Total',
    },
    row: (label: string, amount: string) => `${label} : ${amount}`,
    step: (from: string, to: string) => `prix courant ${from}, votre prix ${to}`,
    shipTo: (address: string) => `Livraison à : ${address}`,
    shipToHost: 'Livraison à votre hôtesse',
    method: (name: string) => `Mode de livraison : ${name}`,
    methodName: (o: OrderDetail) => {
      if (o.shippingMethodId === SHIP_TO_SOCIAL_OPTION && o.socialId !== null) return 'Livraison à la fête';
      const name = orderShippingMethodName(o.shippingMethodId, o.socialId) ?? 'Standard';
      return FRENCH_METHODS[name] ?? name;
    },
    confirmed: {
      subject: (label: string) => `Votre commande ${label} est confirmée`,
      title: (label: string) => `Commande ${label} confirmée`,
      intro: (day: string) => `Merci de votre commande. Voici ce que vous avez commandé le ${day} :`,
    },
    shipped: {
      subject: (label: string) => `Votre commande ${label} a été expédiée`,
      title: (label: string) => `Votre commande ${label} est en route`,
      intro: 'Bonne nouvelle : votre commande a été expédiée.',
      tracking: (carrier: string, number: string) => `Numéro de suivi ${carrier} : ${number}`,
      action: 'Suivre votre colis',
    },
    terms: {
      subject: (label: string) => `Veuillez accepter les conditions pour la commande ${label}`,
      title: 'Acceptez les conditions de l’adhésion',
      intro: (label: string) =>
        `Votre commande ${label} attend que vous acceptiez les conditions générales. Elle sera traitée dès que vous les aurez acceptées.`,
      how: 'Utilisez le bouton ci-dessous pour les lire et les accepter.',
      action: 'Lire et accepter les conditions',
    },
  },
} as const;

function content(
  kind: OrderEmailKind,
  o: OrderDetail,
  { locale, customerSiteUrl }: OrderEmailOptions,
): EmailContent & { subject: string } {
  const w = WORDS[languageOf(locale)];
  const money = (cents: number) => formatMoney(cents, o.currency, locale);
  const off = (cents: number) => formatMoneyOff(cents, o.currency, locale);
  // Each line reads across and the totals read down, as on the order screen (ADR 024).
  const lines = o.lines.map((l) => {
    const step =
      l.listPriceCents !== null && l.listPriceCents !== l.priceCents
        ? ` (${w.step(money(l.listPriceCents), money(l.priceCents))})`
        : '';
    const math = `${l.quantity} × ${money(l.priceCents)}${step}${l.discountCents ? ` ${off(l.discountCents)}` : ''}`;
    return `${l.quantity} × ${l.title}${l.selectedVariant ? ` (${l.selectedVariant})` : ''} — SKU ${l.sku} — ${math} = ${
      l.totalCents === 0 ? w.free : money(l.totalCents)
    }`;
  });
  const totals = orderSummary(o.totals)
    .filter((r) => r.key in w.rows)
    .map((r) =>
      w.row(
        w.rows[r.key as keyof typeof w.rows],
        r.op === 'subtract' && r.cents !== 0 ? off(r.cents) : money(r.cents),
      ),
    );
  const a = o.shippingAddress;
  const shipTo = a
    ? w.shipTo(
        `${a.firstName} ${a.lastName}, ${[a.address, a.address2].filter(Boolean).join(', ')}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}`,
      )
    : w.shipToHost;
  const hello = w.hello(o.customer.firstName);
  if (kind === 'order-confirmation')
    return {
      subject: w.confirmed.subject(o.orderLabel),
      title: w.confirmed.title(o.orderLabel),
      paragraphs: [
        hello,
        w.confirmed.intro(formatDay(o.dateCreatedUtc, locale)),
        ...lines,
        ...totals,
        shipTo,
        w.method(w.methodName(o)),
      ],
    };
  if (kind === 'shipping-confirmation')
    return {
      subject: w.shipped.subject(o.orderLabel),
      title: w.shipped.title(o.orderLabel),
      paragraphs: [
        hello,
        w.shipped.intro,
        ...o.shipments.map(
          (s) =>
            `${w.shipped.tracking(s.carrierName, s.trackingNumber)}${s.trackingUrl ? ` — ${s.trackingUrl}` : ''}`,
        ),
        ...lines,
        shipTo,
      ],
      ...(o.shipments[0]?.trackingUrl
        ? { action: { label: w.shipped.action, url: o.shipments[0].trackingUrl } }
        : {}),
    };
  return {
    subject: w.terms.subject(o.orderLabel),
    title: w.terms.title,
    paragraphs: [
      hello,
      w.terms.intro(o.orderLabel),
      w.terms.how,
      ...lines,
      w.row(w.rows.total, money(o.totals.grandTotalCents)),
    ],
    action: {
      label: w.terms.action,
      url: customerSiteLink(customerSiteUrl, TERMS_PAGE, locale, { account: o.customer.uid, order: o.id }),
    },
  };
}

export function orderEmail(
  kind: OrderEmailKind,
  o: OrderDetail,
  to: string,
  options: OrderEmailOptions,
): EmailInput {
  const { subject, ...body } = content(kind, o, options);
  const { html, text } = renderCustomerEmail(body, options.locale);
  return {
    template: kind,
    to,
    subject,
    html,
    text,
    payload: { orderId: o.id, orderLabel: o.orderLabel, locale: options.locale },
    entityId: o.id,
  };
}
