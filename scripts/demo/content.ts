import type { contentEntries } from '@server/db/schema';
import { addDays, type Clock } from './time';

// Content entries (DESIGN §2: content service): the cart message texts the promo engine's
// cart errors point to (spec 2 §8: cart/counter-sun, cart/counter-sun-ground) and a few pages.

type ContentRow = typeof contentEntries.$inferInsert;

const CART_MESSAGES = [
  {
    key: 'cart/counter-sun',
    type: 2,
    text: {
      'en-US':
        'Counter Sun products ship by ground only. Expedited shipping options have been removed from your order.',
      'en-CA':
        'Counter Sun products ship by ground only. Expedited shipping options have been removed from your order.',
      'fr-CA':
        'Les produits Counter Sun sont expédiés par voie terrestre seulement. Les options d’expédition accélérée ont été retirées.',
    },
  },
  {
    key: 'cart/counter-sun-ground',
    type: 4,
    text: {
      'en-US': 'Your cart contains sunscreen, which can only ship by standard ground to your address.',
      'en-CA': 'Your cart contains sunscreen, which can only ship by standard ground to your address.',
      'fr-CA':
        'Votre panier contient un écran solaire, qui ne peut être expédié que par voie terrestre standard.',
    },
  },
] as const;

export function contentRows(clock: Clock): ContentRow[] {
  const updatedAt = addDays(clock.today, -30);
  const rows: ContentRow[] = [];
  for (const message of CART_MESSAGES) {
    for (const [locale, text] of Object.entries(message.text)) {
      rows.push({
        // The en-US entry is addressed by the bare key; other locales add the locale.
        id: locale === 'en-US' ? message.key : `${message.key}/${locale}`,
        type: 'cartMessage',
        locale,
        title: message.key,
        fields: { key: message.key, code: message.key, type: message.type, message: text },
        updatedAt,
      });
    }
  }
  rows.push(
    page(
      'page/home',
      '/',
      'Customer Service Back Office',
      'Look up customers, orders, returns and promotions.',
      false,
      updatedAt,
    ),
    page(
      'page/help',
      '/help',
      'Help',
      'How to search customers and orders, issue refunds and process returns.',
      false,
      updatedAt,
    ),
    page(
      'page/help/drafts',
      '/help',
      'Help (draft)',
      'Draft: new refund policy section for review.',
      true,
      updatedAt,
    ),
    {
      id: 'banner/holiday-shipping',
      type: 'banner',
      url: '/',
      title: 'Holiday shipping cut-off',
      fields: { message: 'Order by December 15 for delivery before the holidays.' },
      visibleFrom: addDays(clock.today, -10).toISOString().slice(0, 10),
      visibleTo: addDays(clock.today, 30).toISOString().slice(0, 10),
      userTypes: [1, 2, 3],
      updatedAt,
    },
  );
  return rows;
}

function page(
  id: string,
  url: string,
  title: string,
  description: string,
  drafts: boolean,
  updatedAt: Date,
): ContentRow {
  return {
    id,
    type: 'page',
    url,
    title,
    drafts,
    fields: { title, description, body: `<h1>${title}</h1><p>${description}</p>` },
    updatedAt,
  };
}
