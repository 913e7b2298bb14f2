import { defineRule, type PromoRule } from '@domain/promos/rule';

// Demo rule names that state an amount state it in both countries' dollars, from the rule's own
// values: a rule priced for Canada at CA$160 never reads "Over $125" alone (ADR 024).

type Amounts = Partial<Record<string, number>> | undefined;

const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** "$125 / CA$160": an amount per region (1 United States, 2 Canada) as a name shows it. */
export function bothDollars(v: Amounts): string {
  const us = v?.['1'];
  const ca = v?.['2'];
  if (us === undefined && ca === undefined) return '';
  if (ca === undefined) return `$${dollars(us!)}`;
  if (us === undefined) return `CA$${dollars(ca)}`;
  return `$${dollars(us)} / CA$${dollars(ca)}`;
}

/** The name of each shared demo rule that carries an amount, written from its values. */
const NAMES: Record<string, (r: PromoRule) => string> = {
  'Cleanser Spotlight $19': (r) => `Cleanser Spotlight ${bothDollars(r.discountValue)}`,
  '$5 Off Lip Colour': (r) => `${bothDollars(r.discountValue)} Off Lip Colour`,
  'Any 3 Skincare for $99': (r) => `Any 3 Skincare for ${bothDollars(r.discountValue)}`,
  'Free Travel Bag Over $125': (r) => `Free Travel Bag Over ${bothDollars(r.spendThreshold)}`,
  'Spend $100 Get $15 Off': (r) =>
    `Spend ${bothDollars(r.spendThreshold)} Get ${bothDollars(r.discountValue)} Off`,
  'Spend $200 Save 10%': (r) => `Spend ${bothDollars(r.spendThreshold)} Save 10%`,
  'Welcome $10 Off First Order': (r) => `Welcome ${bothDollars(r.discountValue)} Off First Order`,
  'Free Ground Shipping Over $75': (r) => `Free Ground Shipping Over ${bothDollars(r.spendThreshold)}`,
  '$5 Flat Express': (r) => `${bothDollars(r.discountValue)} Flat Express`,
};

/** The rule named in both currencies when its name states an amount. */
export function namedInBothCurrencies(rule: PromoRule): PromoRule {
  const name = NAMES[rule.name];
  return name ? defineRule({ ...rule, name: name(rule) }) : rule;
}
