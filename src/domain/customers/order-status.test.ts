import { describe, expect, it } from 'vitest';
import { orderDisplayStatus, orderNumberLabel } from './order-status';

const invoice = { collection: 'invoices', state: 3, printed: false, hasShipments: false };

describe('order display status (spec 2 §4)', () => {
  it('shows Shipped before Printed before the state name', () => {
    expect(orderDisplayStatus({ ...invoice, printed: true, hasShipments: true })).toBe('Shipped');
    expect(orderDisplayStatus({ ...invoice, printed: true })).toBe('Printed');
    expect(orderDisplayStatus(invoice)).toBe('Captured');
    expect(orderDisplayStatus({ ...invoice, state: 99 })).toBe('Processing');
    expect(orderDisplayStatus({ ...invoice, state: null })).toBe('Processing');
  });
  it('shows Pending Terms and Pending Pop-up for the other collections', () => {
    expect(orderDisplayStatus({ ...invoice, collection: 'orders', hasShipments: true })).toBe(
      'Pending Terms',
    );
    expect(orderDisplayStatus({ ...invoice, collection: 'ship-to-socials' })).toBe('Pending Pop-up');
  });
  it('prefixes consultant orders with X and the others with F (spec 2 §2)', () => {
    expect(orderNumberLabel(1234567, 1)).toBe('X1234567');
    expect(orderNumberLabel(1234567, 3)).toBe('F1234567');
  });
});
