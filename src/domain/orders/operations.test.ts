import { describe, expect, it } from 'vitest';
import { fullyRefunded } from '../refunds/refund-math';
import { readOnlyReason } from './detail';
import { type CancelFacts, cancelRefusal } from './operations';

const base: CancelFacts = {
  collection: 'invoices',
  state: 3,
  cancellation: null,
  phoenixOrderId: null,
  dhlHoldStatus: null,
  hostOrder: false,
  isMembership: true,
  isRenewal: false,
  shippingMethodId: 3,
  fullyRefunded: false,
  newOrderFlow: false,
};
const paid = {
  grandTotalCents: 5000,
  appliedCreditCents: 0,
  cardsPaidCents: 5000,
  refundedCents: 0,
  creditRefundedCents: 0,
};
const refunded = (refundedCents: number, creditRefundedCents = 0) => ({
  fullyRefunded: fullyRefunded({ ...paid, refundedCents, creditRefundedCents }),
});

describe('cancel refund precondition on the new flow (spec 2 §4, ADR 027)', () => {
  it('old flow: only Captured needs a full refund first', () => {
    for (const state of [1, 2, 4, 5, 6, 8, 13])
      expect(cancelRefusal({ ...base, state }, 'leader'), String(state)).toBeNull();
    expect(cancelRefusal(base, 'leader')?.message).toBe(
      'Order needs to be fully refunded before cancelling.',
    );
  });
  it('new flow: every state past Processing holds the payment and needs a full refund first', () => {
    const newFlow = { ...base, newOrderFlow: true };
    expect(cancelRefusal({ ...newFlow, state: 1 }, 'leader')).toBeNull();
    for (const state of [2, 3, 4, 5, 6, 8, 13]) {
      expect(cancelRefusal({ ...newFlow, state }, 'leader')?.message, String(state)).toBe(
        'Order needs to be fully refunded before cancelling.',
      );
      expect(cancelRefusal({ ...newFlow, state, ...refunded(5000) }, 'leader'), String(state)).toBeNull();
      expect(cancelRefusal({ ...newFlow, state }, 'fraudAgent'), String(state)).toBeNull();
    }
  });
});

describe('cancelRefusal (spec 2 §4 Cancel)', () => {
  it('refuses an order already cancelled, by state or by record', () => {
    expect(cancelRefusal({ ...base, state: 7 }, 'developer')?.status).toBe(409);
    expect(cancelRefusal({ ...base, cancellation: { reason: 'x' } }, 'developer')?.status).toBe(409);
  });
  it('downstream: fraud agent or developer, and a DHL hold', () => {
    const downstream = { ...base, phoenixOrderId: 123456789, dhlHoldStatus: 'HOLD' };
    expect(cancelRefusal(downstream, 'leader')?.status).toBe(403);
    expect(cancelRefusal(downstream, 'fraudAgent')).toBeNull();
    expect(cancelRefusal({ ...downstream, dhlHoldStatus: 'RELEASED' }, 'developer')?.status).toBe(409);
  });
  it('not downstream: membership, renewal or method 6; never a host order', () => {
    const plain = { ...base, isMembership: false };
    expect(cancelRefusal(plain, 'developer')?.status).toBe(409);
    expect(cancelRefusal({ ...plain, isRenewal: true, ...refunded(5000) }, 'leader')).toBeNull();
    expect(cancelRefusal({ ...plain, shippingMethodId: 6, ...refunded(5000) }, 'leader')).toBeNull();
    expect(cancelRefusal({ ...base, hostOrder: true }, 'developer')?.status).toBe(409);
    expect(cancelRefusal(base, 'agent')?.status).toBe(403);
  });
  it('captured orders need a full refund unless fraud agent or developer', () => {
    expect(cancelRefusal(base, 'leader')).toEqual({
      status: 400,
      message: 'Order needs to be fully refunded before cancelling.',
    });
    expect(cancelRefusal({ ...base, ...refunded(5000) }, 'leader')).toBeNull();
    // The cards' money given back as product credit instead counts (ADR 021).
    expect(cancelRefusal({ ...base, ...refunded(2850, 2150) }, 'leader')).toBeNull();
    expect(cancelRefusal({ ...base, ...refunded(2850, 2149) }, 'leader')?.status).toBe(400);
    expect(cancelRefusal({ ...base, state: 1 }, 'leader')).toBeNull();
    expect(cancelRefusal(base, 'fraudAgent')).toBeNull();
    expect(fullyRefunded({ ...paid, refundedCents: 4999 })).toBe(false);
    // Payments recorded short of the grand total never make an order refunded.
    expect(fullyRefunded({ ...paid, cardsPaidCents: 0, refundedCents: 1 })).toBe(false);
  });
  it('read-only: Pending and cancelled', () => {
    expect(readOnlyReason({ collection: 'orders', state: 1, cancellation: null })).toMatch(/pending/);
    expect(readOnlyReason({ collection: 'invoices', state: 7, cancellation: null })).toMatch(/cancelled/);
    expect(readOnlyReason({ collection: 'ship-to-socials', state: 3, cancellation: null })).toBeNull();
  });
});
