import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { can, type Principal } from '../auth/permissions';
import { STAFF_ROLES } from '../auth/roles';
import { mayWriteAny, promoAccessOf, whyNotSave } from './access';

const principal = fc.record({
  role: fc.constantFrom(...STAFF_ROLES),
  promoAccess: fc.boolean(),
  junoAccess: fc.boolean(),
}) as fc.Arbitrary<Principal>;

describe('promo tool access (DESIGN §4)', () => {
  it('offers a save exactly when the server would take it, and says why otherwise', () => {
    fc.assert(
      fc.property(principal, (p) => {
        const access = promoAccessOf(p);
        expect(access.drafts).toBe(can(p, 'promos.edit'));
        expect(access.pending).toBe(can(p, 'promos.publish'));
        expect(access.production).toBe(can(p, 'promos.deploy'));
        for (const c of ['drafts', 'pending', 'active', 'production'] as const)
          expect(whyNotSave(access, c) === null).toBe(access[c]);
      }),
    );
  });

  it('an agent without promoAccess may write nothing; with promoAccess drafts and pending', () => {
    const agent: Principal = { role: 'agent', promoAccess: false, junoAccess: false };
    expect(mayWriteAny(promoAccessOf(agent))).toBe(false);
    expect(whyNotSave(promoAccessOf(agent), 'drafts')).toBe('Saving to drafts needs promoAccess.');
    expect(promoAccessOf({ ...agent, promoAccess: true })).toEqual({
      drafts: true,
      pending: true,
      active: false,
      production: false,
    });
    expect(
      whyNotSave(promoAccessOf({ role: 'leader', promoAccess: true, junoAccess: false }), 'production'),
    ).toBe('Deploying to production needs junoAccess.');
  });
});
