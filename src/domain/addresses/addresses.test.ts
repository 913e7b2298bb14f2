import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestionFillOf } from './address-rules';
import { AddressInput, postalCodeRegionIssue, SUGGESTED_FIELDS, suggestionFill } from './addresses';

describe('postalCodeRegionIssue (the form and the server, as verification checks)', () => {
  it('accepts a code of the chosen region', () => {
    expect(
      postalCodeRegionIssue(
        { postalCode: '78704', region: 'TX', countryId: 1 },
        { postalCode: '78704', region: 'TX' },
      ),
    ).toBeNull();
    expect(
      postalCodeRegionIssue(
        { postalCode: 'h2x1y4', region: 'qc', countryId: 2 },
        { postalCode: 'H2X', region: 'QC' },
      ),
    ).toBeNull();
  });
  it('names the region a code belongs to, in words, with the form label', () => {
    expect(
      postalCodeRegionIssue(
        { postalCode: '10001', region: 'TX', countryId: 1 },
        { postalCode: '10001', region: 'NY' },
      ),
    ).toBe('Zip Code 10001 is in New York, not Texas.');
    expect(
      postalCodeRegionIssue(
        { postalCode: 'h2x1y4', region: 'ON', countryId: 2 },
        { postalCode: 'H2X', region: 'QC' },
      ),
    ).toBe('Postal Code H2X 1Y4 is in Quebec, not Ontario.');
  });
  it('refuses a code the dataset does not know', () => {
    expect(postalCodeRegionIssue({ postalCode: '00000', region: 'TX', countryId: 1 }, null)).toBe(
      'Zip Code 00000 was not found.',
    );
  });
});

describe('suggestionFill (a suggestion never fills a value the form refuses)', () => {
  it('fills a full US suggestion as it is', () => {
    expect(
      suggestionFill({ address: '1100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701' }, 1),
    ).toEqual({
      values: { address: '1100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701' },
      left: [],
    });
  });

  it('leaves a Canadian area code ("H2X") and a missing city empty, and says so', () => {
    const fill = suggestionFill({ address: '', city: '', region: 'QC', postalCode: 'H2X' }, 2);
    expect(fill.values).toEqual({ region: 'QC' });
    expect(fill.left).toEqual([
      { field: 'city', label: 'City', reason: 'not in the suggestion' },
      { field: 'postalCode', label: 'Postal Code', reason: '“H2X” is refused: Must be a valid CA zip code' },
    ]);
  });

  it('refuses a region of the other country and an over-long city', () => {
    const fill = suggestionFill({ address: '', city: 'x'.repeat(36), region: 'ON', postalCode: '78701' }, 1);
    expect(fill.values).toEqual({ postalCode: '78701' });
    expect(fill.left.map((l) => l.field)).toEqual(['city', 'region']);
    expect(fill.left[1]!.reason).toBe('“ON” is refused: Must be a valid state');
  });

  it('for any suggestion, every value filled passes the form schema on that field', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', 'H2X', 'H2X 1Y4', '78701', '7870', 'QC', 'TX', 'ON', 'Austin', '1 Main St', '@@@'),
    );
    fc.assert(
      fc.property(
        fc.record({ address: text, city: text, region: text, postalCode: text }),
        fc.constantFrom(1 as const, 2 as const),
        (s, countryId) => {
          const fill = suggestionFill(s, countryId);
          const form = AddressInput.safeParse({
            firstName: 'Ada',
            lastName: 'Lovelace',
            companyName: '',
            address: fill.values.address ?? '1 A St',
            address2: '',
            city: fill.values.city ?? 'Austin',
            region: fill.values.region ?? (countryId === 2 ? 'QC' : 'TX'),
            postalCode: fill.values.postalCode ?? (countryId === 2 ? 'H2X 1Y4' : '78701'),
            countryId,
            telephone: '',
          });
          expect(form.success ? [] : form.error.issues.map((i) => i.path.join('.'))).toEqual([]);
          // Every field is either filled or explained, except a street the suggestion lacks.
          for (const field of SUGGESTED_FIELDS) {
            const explained = field in fill.values || fill.left.some((l) => l.field === field);
            expect(explained || (field === 'address' && !s.address.trim())).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('suggestionFillOf (a suggestion with nothing refused)', () => {
  it('fills what the suggestion has, trimmed and as stored, and lists only what it lacks', () => {
    expect(
      suggestionFillOf(
        { address: ' ', city: ' Montréal ', region: 'qc', postalCode: 'h2x1y4' },
        2,
        new Map(),
      ),
    ).toEqual({
      values: { city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4' },
      left: [],
    });
    expect(
      suggestionFillOf({ address: '1 Main St', city: '', region: 'TX', postalCode: '' }, 1, new Map()).left,
    ).toEqual([
      { field: 'city', label: 'City', reason: 'not in the suggestion' },
      { field: 'postalCode', label: 'Zip Code', reason: 'not in the suggestion' },
    ]);
  });
});
