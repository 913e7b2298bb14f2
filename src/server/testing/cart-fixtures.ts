import { defineRule, type PromoRuleInput } from '@domain/promos/rule';
import { contentEntries, productPrices, products, promoRules } from '../db/schema';
import type { DbOrTx } from '../platform/db';

// A small catalogue and rule set for the cart API tests and the benchmark, with prices that make
// the expected totals easy to compute by hand.

export const TEST_PRODUCTS: { sku: string; title: string; cents: number; max?: number; inStock?: boolean }[] =
  [
    { sku: 'P100', title: 'Hydrating Day Cream', cents: 2000 },
    { sku: 'P200', title: 'Renewal Serum', cents: 3000, max: 3 },
    { sku: 'LIP', title: 'Sheer Lipstick', cents: 1000 },
    { sku: 'GIFT', title: 'Travel Cosmetic Bag', cents: 500 },
    { sku: 'CHOICE1', title: 'Deluxe Mascara Sample', cents: 0 },
    { sku: 'CHOICE2', title: 'Deluxe Serum Sample', cents: 0 },
    { sku: 'HOST', title: 'Host Brush Set', cents: 4000 },
    { sku: 'SUN', title: 'Counter Sun Mist SPF 30', cents: 1500 },
    { sku: 'OOS', title: 'Sold Out Palette', cents: 2500, inStock: false },
    { sku: '16000', title: 'Holiday Gift Box', cents: 5000 },
    ...Array.from({ length: 24 }, (_, i) => ({
      sku: `S${i}`,
      title: `Everyday Item ${i}`,
      cents: 1000 + i * 100,
    })),
  ];

export const TEST_RULES: PromoRuleInput[] = [
  {
    id: 14,
    name: 'Host Half Off',
    priority: 100,
    discountValue: { '1': 0.5, '2': 0.5 },
    actionQuantity: { max: 10 },
  },
  {
    id: 15,
    name: 'Host Free Reward',
    priority: 100,
    discountValue: { '1': 1, '2': 1 },
    actionQuantity: { max: 10 },
  },
  { id: 19, name: 'CounterSunShippingDrop', priority: 80, conditionItems: ['SUN'], shippingMethods: [6, 5] },
  {
    id: 0,
    name: '10% Off Day Cream',
    priority: 50,
    actionItems: ['P100'],
    actionQuantity: { max: 99 },
    discountValue: { '1': 0.1, '2': 0.1 },
  },
  {
    id: 0,
    name: 'Lip 15% With Code',
    priority: 50,
    code: ['LIP15'],
    actionItems: ['LIP'],
    actionQuantity: { max: 99 },
    discountValue: { '1': 0.15, '2': 0.15 },
  },
  {
    id: 7,
    name: 'Buy 2 Lipsticks Get 1 Free',
    priority: 45,
    conditionItems: ['LIP'],
    conditionQuantity: { min: 2, skip: true },
    actionItems: ['LIP'],
    actionQuantity: { max: 3 },
  },
  {
    id: 12,
    name: 'Choose a Sample',
    priority: 20,
    conditionItems: ['P200'],
    actionItems: ['CHOICE1', 'CHOICE2'],
  },
  {
    id: 10,
    name: 'Free Bag Over $50',
    priority: 15,
    spendThreshold: { '1': 5000, '2': 5000 },
    autoAdd: true,
    actionItems: ['GIFT'],
    cartCounter: true,
  },
];

export async function seedCartCatalog(db: DbOrTx, extraRules: PromoRuleInput[] = []): Promise<void> {
  await db
    .insert(products)
    .values(
      TEST_PRODUCTS.map((p, i) => ({
        sku: p.sku,
        productId: 900_000 + i,
        title: p.title,
        maxQuantity: p.max ?? 10,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(productPrices)
    .values(
      TEST_PRODUCTS.flatMap((p) =>
        [1, 2].map((countryId) => ({
          sku: p.sku,
          countryId,
          priceCents: p.cents,
          inStock: p.inStock ?? true,
          cv: p.cents / 100,
          pv: p.cents / 100,
          qv: p.cents / 100,
          nv: p.cents / 100,
          sv: p.cents / 100,
        })),
      ),
    )
    .onConflictDoNothing();
  const rules = [...TEST_RULES, ...extraRules].map((r) => defineRule({ active: true, ...r }));
  for (let i = 0; i < rules.length; i += 500) {
    await db.insert(promoRules).values(
      rules.slice(i, i + 500).map((rule) => ({
        collection: 'active' as const,
        name: rule.name,
        typeId: rule.id,
        active: true,
        priority: rule.priority,
        rule,
      })),
    );
  }
  await db
    .insert(contentEntries)
    .values({
      id: 'cart/counter-sun',
      type: 'cartMessage',
      locale: 'en-US',
      title: 'cart/counter-sun',
      fields: { message: 'Counter Sun products ship by ground only.' },
    })
    .onConflictDoNothing();
}
