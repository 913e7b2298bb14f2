import { sameBothWays } from '@domain/platform/contract-direction';
import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { AutocompleteAnswer, PostalCodeAnswer } from './address-answers';

// A production build hands the address form the service's answer unparsed (ADR 043): the same as
// parsing only for a contract without transform, default, preprocess or coercion.
describe('the address services’ answers checked in development only', () => {
  it('are the same parsed as received', async () => {
    for (const check of [AutocompleteAnswer, PostalCodeAnswer]) {
      const contract = await check.loadContract();
      expect(sameBothWays(contract as unknown as $ZodType), String(check.loadContract)).toBe(true);
    }
  });
});
