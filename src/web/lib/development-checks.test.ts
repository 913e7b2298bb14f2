import { sameBothWays } from '@domain/platform/contract-direction';
import { describe, expect, it } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { developmentChecks } from './api-client';

// A production build hands a screen the server's answer without parsing it against a contract made
// with `checkedInDevelopment` (ADR 043). That is only the same as parsing when the contract has no
// transform, default, preprocess or coercion: each such contract of every API module is held to it.
const apiModules = import.meta.glob([
  '../features/*/api/*.ts',
  '!../features/*/api/*.test.ts',
  // The address services' answers, which the shared address components ask for.
  '../components/form/*-answers.ts',
]);

describe('contracts checked in development only', () => {
  it('are the same parsed as received, for every API module of the screens', async () => {
    for (const load of Object.values(apiModules)) await load();
    expect(developmentChecks.length).toBeGreaterThanOrEqual(60);
    for (const check of developmentChecks) {
      const contract = await check.loadContract();
      expect(sameBothWays(contract as unknown as $ZodType), String(check.loadContract)).toBe(true);
    }
  });
});
