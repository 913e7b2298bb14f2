import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { phoneNumber, pickCanadianPlace, pickUsPlace } from './addresses';
import { CANADIAN_CITIES, CANADIAN_POSTAL_CODE, PROVINCE_PREFIXES } from './canada';
import { Rng } from './rng';

const zipcodes = createRequire(import.meta.url)('zipcodes') as {
  lookup(zip: string): { city: string; state: string } | undefined;
};

describe('addresses', () => {
  const rng = new Rng(42, 99);

  it('puts US cities, states and ZIP codes together as they are', () => {
    for (let i = 0; i < 500; i++) {
      const place = pickUsPlace(rng);
      expect(place.postalCode).toMatch(/^\d{5}$/);
      const known = zipcodes.lookup(place.postalCode);
      expect(known?.city).toBe(place.city);
      expect(known?.state).toBe(place.region);
      expect(phoneNumber(rng, place)).toMatch(/^[2-9]\d{2}[2-9]\d{6}$/);
    }
  });

  it('gives Canadian postal codes of the city and province', () => {
    for (let i = 0; i < 500; i++) {
      const place = pickCanadianPlace(rng);
      expect(place.postalCode).toMatch(CANADIAN_POSTAL_CODE);
      const city = CANADIAN_CITIES.find((c) => c.city === place.city && c.province === place.region);
      expect(city?.fsas).toContain(place.postalCode.slice(0, 3));
      expect(PROVINCE_PREFIXES[place.region]).toContain(place.postalCode[0]);
    }
  });

  it('keeps every curated FSA in its province', () => {
    for (const city of CANADIAN_CITIES) {
      for (const fsa of city.fsas) expect(PROVINCE_PREFIXES[city.province]).toContain(fsa[0]);
    }
  });
});
