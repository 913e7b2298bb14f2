import { type DemoRuleSkus, demoPromoRules } from '@domain/pricing/fixtures/rules';
import { defineRule, NO_END_SECONDS, type PromoRule } from '@domain/promos/rule';
import { promoRules, promoRuleVersions, promoTags } from '@server/db/schema';
import type { Catalog } from './catalog';
import { bothDollars, namedInBothCurrencies } from './promo-names';
import { Rng, STREAM } from './rng';
import type { StaffRoster } from './staff';
import { addDays, type Clock, seconds } from './time';
import type { RowSink } from './writer';

// Promo rules in every collection (spec 3 §3: drafts, pending, active, production), in the
// engine form of the shared demo catalogue of rules, with this catalog's SKUs.

type Collection = 'drafts' | 'pending' | 'active' | 'production';

/** SKUs in the roles the demo rules expect (a cleanser, serum and mask first; sun mist and stick last). */
export function ruleSkus(catalog: Catalog): DemoRuleSkus {
  const items = [...catalog.bySku.values()];
  const find = (match: (title: string) => boolean) => items.filter((i) => match(i.title)).map((i) => i.sku);
  const first = (match: (title: string) => boolean) => find(match).slice(0, 1);
  const skincare = catalog.promoSkus.skincare.filter((s) => !catalog.bySku.get(s)?.title.startsWith('Mini'));
  const lead = [
    ...first((t) => t.endsWith('Cleanser')),
    ...first((t) => t.endsWith('Serum')),
    ...first((t) => t.endsWith('Mask')),
  ];
  const sun = [
    ...first((t) => t.includes('Sunscreen Mist')),
    ...first((t) => t.includes('Sunscreen Stick SPF 30') && !t.includes('Kids')),
  ];
  const lipsticks = find((t) => t.endsWith('Lipstick'));
  const sets = [...first((t) => t === 'Glow Regimen Set'), ...first((t) => t === 'Holiday Favorites Bundle')];
  const gifts = [
    ...first((t) => t.includes('Travel Pouch')),
    ...first((t) => t.includes('Mini Renewal Serum')),
    ...first((t) => t === 'Spa Headband'),
    ...first((t) => t.includes('Bamboo Brush Set')),
  ];
  const without = (list: string[], drop: string[]) => list.filter((s) => !drop.includes(s));
  return {
    skincare: [...lead, ...without(skincare, lead), ...sun],
    makeup: [...lipsticks, ...without(catalog.promoSkus.makeup, lipsticks)],
    bundles: [...sets, ...without(catalog.promoSkus.bundles, sets)],
    samples: catalog.promoSkus.samples,
    gifts: [...gifts, ...without(catalog.promoSkus.gifts, gifts)],
  };
}

function tagsOf(rule: PromoRule): string[] {
  const tags = new Set<string>(rule.tag ? [rule.tag] : []);
  if (rule.id >= 16 && rule.id <= 19) tags.add('SHIPPING');
  if (rule.id === 14 || rule.id === 15) tags.add('HOST');
  if (rule.id >= 10 && rule.id <= 13) tags.add('GWP');
  if (rule.id === 7 || rule.id === 8) tags.add('BOGO');
  if (rule.id === 21 || rule.id === 22) tags.add('MEMBER');
  if (rule.code.length > 0) tags.add('CODE');
  return [...tags];
}

export interface SeededPromos {
  /** Names of live discount rules, for the promotions orders show. */
  discountNames: string[];
  codes: string[];
}

export function addPromos(
  writer: RowSink,
  catalog: Catalog,
  roster: StaffRoster,
  seed: number,
  clock: Clock,
): SeededPromos {
  const rng = new Rng(seed, STREAM.promos);
  const start = seconds(addDays(clock.today, -120));
  const live = demoPromoRules(ruleSkus(catalog), { start, end: NO_END_SECONDS }).map(namedInBothCurrencies);
  const editors = roster.promo.length > 0 ? roster.promo : roster.all;
  const add = (collection: Collection, rule: PromoRule, publishToProd: Date | null = null) => {
    const updatedAt = addDays(clock.today, -rng.int(0, 90));
    // Draws in the order they always were, so the demo company stays the same.
    const createdAt = addDays(updatedAt, -rng.int(1, 60));
    const updatedBy = rng.pick(editors).email;
    const tags = tagsOf(rule);
    const timestamps = {
      start: { _seconds: rule.timestamps.start },
      end: { _seconds: rule.timestamps.end },
    };
    writer.add(promoRules, {
      collection,
      name: rule.name,
      typeId: rule.id,
      active: rule.active,
      priority: rule.priority,
      tags,
      rule,
      timestamps,
      publishToProd,
      createdAt,
      updatedAt,
      updatedBy,
    });
    // The rule history starts with the version on file.
    writer.add(promoRuleVersions, {
      collection,
      nameKey: rule.name.toLowerCase(),
      name: rule.name,
      action: 'promo.create',
      rule,
      tags,
      timestamps,
      publishToProd,
      savedBy: updatedBy,
      savedAt: updatedAt,
    });
  };

  // Production holds every deployed rule; a few seasonal ones have ended and were switched off.
  const ended = new Set(
    rng.sample(
      live.filter((r) => r.id === 0 || r.id === 6 || r.id === 11).map((r) => r.name),
      2,
    ),
  );
  const production = live.map((r) =>
    ended.has(r.name)
      ? defineRule({
          ...r,
          active: false,
          timestamps: { start: r.timestamps.start, end: seconds(addDays(clock.today, -3)) },
        })
      : r,
  );
  for (const rule of production) add('production', rule);
  for (const rule of production.filter((r) => r.active)) add('active', rule);

  // Pending: approved changes waiting for deployment, two of them with a delayed deploy.
  const seasonal = (r: PromoRule, name: string | ((r: PromoRule) => string), days: number) =>
    defineRule({
      ...r,
      name: typeof name === 'string' ? name : name(r),
      active: false,
      timestamps: {
        start: seconds(addDays(clock.today, days)),
        end: seconds(addDays(clock.today, days + 14)),
      },
    });
  const byType = (id: number) => live.filter((r) => r.id === id);
  const pending = [
    ...byType(0)
      .slice(0, 1)
      .map((r) => seasonal(r, 'Spring 25% Off Skincare', 7)),
    ...byType(6)
      .slice(0, 1)
      .map((r) =>
        seasonal(
          { ...r, spendThreshold: { '1': 15000, '2': 19500 }, discountValue: { '1': 2500, '2': 3300 } },
          (s) => `Spend ${bothDollars(s.spendThreshold)} Get ${bothDollars(s.discountValue)} Off`,
          14,
        ),
      ),
    ...byType(16)
      .slice(0, 1)
      .map((r) => seasonal(r, 'Free Shipping Weekend', 3)),
    ...byType(10)
      .slice(0, 1)
      .map((r) =>
        seasonal(
          { ...r, spendThreshold: { '1': 15000, '2': 19500 } },
          (s) => `Free Cosmetic Bag Over ${bothDollars(s.spendThreshold)}`,
          21,
        ),
      ),
  ];
  pending.forEach((r, i) => {
    add('pending', r, i < 2 ? addDays(clock.today, 2 + i) : null);
  });

  // Drafts: work in progress in the promo tool.
  const drafts = [
    ...byType(7)
      .slice(0, 1)
      .map((r) =>
        defineRule({
          ...r,
          name: 'Buy 3 Lip Colours Get 1 Free',
          active: false,
          conditionQuantity: { ...r.conditionQuantity, min: 3 },
        }),
      ),
    ...byType(9)
      .slice(0, 1)
      .map((r) =>
        defineRule({
          ...r,
          name: 'Any 4 Skincare for $129 / CA$169',
          active: false,
          code: [],
          conditionQuantity: { ...r.conditionQuantity, min: 4 },
          discountValue: { '1': 12900, '2': 16900 },
        }),
      ),
    ...byType(25)
      .slice(0, 1)
      .map((r) => defineRule({ ...r, name: 'Summer Stock Up Tiers', active: false })),
    ...byType(13)
      .slice(0, 1)
      .map((r) => defineRule({ ...r, name: 'New Serum Sampler', active: false })),
    ...byType(3)
      .slice(0, 1)
      .map((r) =>
        defineRule({
          ...r,
          name: 'Friends and Family 25%',
          active: false,
          userTypes: [],
          code: ['FRIENDS25'],
          discountValue: { '1': 0.25, '2': 0.25 },
        }),
      ),
  ];
  for (const rule of drafts) add('drafts', rule);

  const tagNames = new Set([
    'HOLIDAY',
    'SPRING',
    'SUMMER',
    'LAUNCH',
    'CLEARANCE',
    ...[...production, ...pending, ...drafts].flatMap(tagsOf),
  ]);
  const created = addDays(clock.today, -200);
  for (const name of [...tagNames].sort()) writer.add(promoTags, { name, createdAt: created });

  const discountTypes = [0, 1, 3, 4, 5, 6, 8, 9];
  return {
    discountNames: production.filter((r) => r.active && discountTypes.includes(r.id)).map((r) => r.name),
    codes: [...new Set(live.flatMap((r) => r.code))],
  };
}
