import { describe, expect, it } from 'vitest';
import { FIRST_PHOENIX_ID } from './identity';
import { STORY_CUSTOMERS, STORY_IDS, type StoryCustomer } from './story-customers';

// The named demo customers are addressed by fixed ids in the README and the browser tests: each is
// a well-formed, distinct id that no generated account can take.

const all: StoryCustomer[] = Object.values(STORY_CUSTOMERS);

describe('story customers', () => {
  it('have distinct 28-character uids, emails and account numbers below the generated ones', () => {
    for (const c of all) {
      expect(c.uid).toMatch(/^[A-Za-z0-9]{28}$/);
      expect(c.phoenixId).toBeGreaterThan(1);
      expect(c.phoenixId).toBeLessThan(FIRST_PHOENIX_ID);
    }
    for (const key of ['uid', 'phoenixId', 'email'] as const)
      expect(new Set(all.map((c) => c[key])).size).toBe(all.length);
  });

  it('own carts and orders with ids of the lengths the generated ones have', () => {
    expect(STORY_IDS.hostCart).toMatch(/^[A-Za-z0-9]{28}$/);
    for (const id of [STORY_IDS.popupOrder, STORY_IDS.dhlHoldOrder, STORY_IDS.twoCardOrder])
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
  });
});
