import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountTypeChange, manualMembershipChange, RETAIL_USER_TYPES } from '../customers/membership';
import { ORDER_STATE, USER_TYPE, USER_TYPES } from '../reference/lists';
import {
  FIELD_ACTIONS,
  fieldRefusal,
  fieldRequirement,
  type GuardedResource,
  patchRefusal,
  whoMay,
} from './field-actions';
import { ACTIONS, can, type Principal } from './permissions';
import { STAFF_ROLES } from './roles';

// Field-level actions (ADR 018) as invariants: a field change is allowed exactly when the
// permission table gives the principal the action the field needs.

const principal = fc.record({
  role: fc.constantFrom(...STAFF_ROLES),
  promoAccess: fc.boolean(),
  junoAccess: fc.boolean(),
});
const typeId = fc.constantFrom(...USER_TYPES.map((t) => t.id as number));
const resources = Object.keys(FIELD_ACTIONS) as GuardedResource[];
const fieldOf = fc
  .constantFrom(...resources)
  .chain((r) => fc.tuple(fc.constant(r), fc.constantFrom(...Object.keys(FIELD_ACTIONS[r]))));
const value = fc.oneof(
  fc.integer({ min: 0, max: 20 }),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 3 }),
);

describe('field-level actions', () => {
  it('name only actions of the permission table', () => {
    for (const r of resources)
      for (const [field, entry] of Object.entries(FIELD_ACTIONS[r])) {
        const rule = (entry as { rule: unknown }).rule;
        if (typeof rule === 'string') expect(ACTIONS, `${r}.${field}`).toContain(rule);
      }
  });

  it('allow a change iff the value stays or the table gives the principal the field’s action', () => {
    fc.assert(
      fc.property(principal, fieldOf, value, value, (who: Principal, [resource, field], from, to) => {
        const refusal = fieldRefusal(who, resource, field, from, to);
        if (from === to) {
          expect(refusal).toBeNull();
          return;
        }
        const need = fieldRequirement(resource, field, from, to);
        const allowed = 'action' in need && can(who, need.action);
        expect(refusal === null).toBe(allowed);
        if (refusal?.kind === 'permission') expect(refusal.message).toMatch(/^Only an? .+ may change the /);
      }),
    );
  });

  it('refuse a patch iff one of its changed fields is refused', () => {
    const patch = fc.dictionary(fc.constantFrom(...Object.keys(FIELD_ACTIONS.account)), value, {
      maxKeys: 5,
    });
    fc.assert(
      fc.property(principal, patch, patch, (who, before, after) => {
        const any = Object.entries(after).some(
          ([f, v]) => fieldRefusal(who, 'account', f, before[f], v) !== null,
        );
        expect(patchRefusal(who, 'account', before, after) !== null).toBe(any);
      }),
    );
  });

  it('refuse fields the table does not name, for everyone', () => {
    fc.assert(
      fc.property(principal, fc.constantFrom(...resources), (who, resource) => {
        expect(fieldRefusal(who, resource, 'notAField', 1, 2)).toMatchObject({ kind: 'never' });
      }),
    );
  });

  it('compare dates by instant and objects by content', () => {
    const who: Principal = { role: 'agent', promoAccess: false, junoAccess: false };
    const when = '2030-01-01T00:00:00.000Z';
    expect(
      fieldRefusal(who, 'account', 'memberExpirationDateUtc', new Date(when), new Date(when)),
    ).toBeNull();
    expect(fieldRefusal(who, 'account', 'memberExpirationDateUtc', null, new Date(when))).toMatchObject({
      kind: 'permission',
      action: 'membership.manage',
    });
    expect(fieldRefusal(who, 'order', 'cancellation', { a: 1 }, { a: 1 })).toBeNull();
  });

  it('guard country, status, expiration, fraud, cancel and the promo switch with their table rows', () => {
    expect(fieldRequirement('account', 'countryId', 1, 2)).toEqual({ action: 'commissions.manage' });
    expect(fieldRequirement('account', 'accountStatus', 1, 2)).toEqual({ action: 'membership.manage' });
    expect(fieldRequirement('account', 'memberExpirationDateUtc', null, 1)).toEqual({
      action: 'membership.manage',
    });
    expect(fieldRequirement('order', 'isFraud', false, true)).toEqual({ action: 'orders.fraud' });
    expect(fieldRequirement('order', 'state', 3, ORDER_STATE.cancelled)).toEqual({ action: 'orders.cancel' });
    expect(fieldRequirement('order', 'state', 3, ORDER_STATE.shipped)).toHaveProperty('never');
    expect(fieldRequirement('promoRule', 'active', false, true)).toEqual({ action: 'promos.deploy' });
    expect(whoMay('commissions.manage')).toBe('a Sales Operator Manager or Developer');
    expect(whoMay('promos.deploy')).toBe('a holder of junoAccess');
  });
});

describe('account type changes (spec 1 §4, ADR 018)', () => {
  it('are membership changes exactly when the membership table allows them', () => {
    fc.assert(
      fc.property(typeId, typeId, (from, to) => {
        const change = accountTypeChange(from, to);
        if (from === to) {
          expect(change).toBeNull();
          return;
        }
        const recordedAs = manualMembershipChange(from, to);
        if (recordedAs) expect(change).toEqual({ kind: 'membership', recordedAs });
        else expect(change?.kind).not.toBe('membership');
        const need = fieldRequirement('account', 'userType', from, to);
        if (change?.kind === 'membership') expect(need).toEqual({ action: 'membership.manage' });
        if (change?.kind === 'retail') expect(need).toEqual({ action: 'records.edit' });
        if (change?.kind === 'refused') expect(need).toEqual({ never: change.message });
      }),
    );
  });

  it('need no more than a profile edit only among Client, Prospect and Guest', () => {
    fc.assert(
      fc.property(typeId, typeId, (from, to) => {
        const retail = accountTypeChange(from, to)?.kind === 'retail';
        expect(retail).toBe(
          from !== to && RETAIL_USER_TYPES.includes(from) && RETAIL_USER_TYPES.includes(to),
        );
      }),
    );
  });

  it('never change a consultant or a member except by the membership change', () => {
    fc.assert(
      fc.property(typeId, typeId, (from, to) => {
        const touches = [from, to].some((t) => t === USER_TYPE.consultant || t === USER_TYPE.member);
        const kind = accountTypeChange(from, to)?.kind;
        if (touches && kind) expect(['membership', 'refused']).toContain(kind);
      }),
    );
    expect(accountTypeChange(USER_TYPE.member, USER_TYPE.client)).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('lapse'),
    });
  });

  it('leave an agent only the retail changes', () => {
    const agent: Principal = { role: 'agent', promoAccess: true, junoAccess: true };
    fc.assert(
      fc.property(typeId, typeId, (from, to) => {
        const allowed = fieldRefusal(agent, 'account', 'userType', from, to) === null;
        expect(allowed).toBe(from === to || accountTypeChange(from, to)?.kind === 'retail');
      }),
    );
  });
});
