import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerEmailLocale, customerSiteLink } from './customer-email';

describe('customer email locale', () => {
  it('is French whenever the order was placed in French or the account speaks French, else English by country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en-US', 'en-CA', 'fr-CA', '', null, undefined),
        fc.constantFrom(1, 2, 3, null, undefined),
        fc.constantFrom(1, 2, null, undefined),
        (localeCode, languageId, countryId) => {
          const locale = customerEmailLocale({ localeCode, languageId, countryId });
          const french = localeCode === 'fr-CA' || languageId === 2;
          if (french) return locale === 'fr-CA';
          const canada = (countryId ?? (localeCode === 'en-CA' ? 2 : 1)) === 2;
          return locale === (canada ? 'en-CA' : 'en-US');
        },
      ),
    );
  });

  it('links to the customer site, under its path, with the locale', () => {
    expect(
      customerSiteLink('https://shop.example.com/ca/', '/terms/accept', 'fr-CA', { account: 'a b' }),
    ).toBe('https://shop.example.com/ca/terms/accept?account=a+b&locale=fr-CA');
  });
});
