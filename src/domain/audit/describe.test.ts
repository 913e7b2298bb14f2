import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diff } from '../platform/diff';
import { collectionLabel, type DescribableEvent, describeEvent, fieldLabel } from './describe';
import { hasOwnSentence, KNOWN_ACTIONS } from './sentences';
import type { AuditNames } from './values';

const NAMES: AuditNames = {
  staff: { 'casey@example.com': 'Casey Morgan', '37946b31-aaaa-4bbb-8ccc-123456789abc': 'Robin Lee' },
  products: { '1276': 'New Serum Sampler' },
};

const event = (action: string, before: unknown, after: unknown, extra: Partial<DescribableEvent> = {}) => ({
  action,
  collection: 'account-log',
  changedBy: 'casey@example.com',
  changedByName: 'Casey Morgan',
  differences: diff(before, after),
  ...extra,
});

const entry = (amount: number, reasonName: string | null, extra: Record<string, unknown> = {}) => ({
  id: 9,
  amount,
  remainingValue: Math.max(amount, 0),
  expirationDate: null,
  doesNotExpire: false,
  reasonId: 4,
  reasonName,
  reason: 'Called about a late order',
  orderId: null,
  createdBy: 'casey@example.com',
  createdAt: '2025-03-04T17:00:00.000Z',
  ...extra,
});

const credit = (from: number, to: number, country = 'us') => ({
  before: { productCredit: { [country]: { balance: from } } },
  after: (e: unknown, more: Record<string, unknown> = {}) => ({
    productCredit: { [country]: { balance: to } },
    ledgerEntry: e,
    ...more,
  }),
});

/** A realistic event of each kind the server writes (the writers' before/after shapes). */
function samples(): Record<string, DescribableEvent> {
  const add = credit(0, 2000);
  const take = credit(2500, 2000);
  const ca = credit(0, 1500, 'ca');
  const order = { collection: 'orders-log' };
  return {
    'productCredit.adjust': event(
      'productCredit.adjust',
      add.before,
      add.after(entry(2000, 'Goodwill after call')),
    ),
    'productCredit.order': event(
      'productCredit.order',
      take.before,
      take.after(entry(-500, null, { orderId: 120_045 })),
    ),
    'productCredit.refund': event('productCredit.refund', ca.before, ca.after(entry(1500, 'Refund'))),
    'productCredit.incentive': event(
      'productCredit.incentive',
      add.before,
      add.after(entry(2000, 'Consultant credit'), { rewardPayoutId: 77 }),
    ),
    'productCredit.lapse': event(
      'productCredit.lapse',
      take.before,
      take.after(entry(-500, null), { grantId: 3 }),
      {
        changedBy: 'system',
        changedByName: 'System',
      },
    ),
    'account.profile': event(
      'account.profile',
      { firstName: 'Ann', email: 'a@x.com' },
      { firstName: 'Anna', email: 'b@x.com' },
    ),
    'account.sponsor': event('account.sponsor', { sponsorId: 1 }, { sponsorId: 1044 }),
    'account.enroller': event('account.enroller', { enrollerId: 1 }, { enrollerId: 1044 }),
    'account.country': event('account.country', { countryId: 1 }, { countryId: 2 }),
    'account.status': event('account.status', { accountStatus: 1 }, { accountStatus: 2 }),
    'account.type': event('account.type', { userType: 1 }, { userType: 3 }),
    'account.taxNumber': event(
      'account.taxNumber',
      { taxNumber: '•••-••-1234' },
      { taxNumber: '•••-••-9876' },
    ),
    'account.comment': {
      ...event('account.comment', {}, {}),
      differences: [
        { kind: 'A', path: ['comments', 41], rhs: { description: 'Called about the order', status: null } },
      ],
    },
    'account.systemComment': {
      ...event('account.systemComment', {}, {}, { changedBy: 'system', changedByName: 'System' }),
      differences: [{ kind: 'N', path: ['comments'], rhs: 'Membership ended by the renewal job' }],
    },
    'account.signInAs': {
      ...event('account.signInAs', {}, {}),
      differences: [
        {
          kind: 'N',
          path: ['signInAs'],
          rhs: { by: 'casey@example.com', expiresAt: '2025-03-04T17:30:00.000Z' },
        },
      ],
    },
    'account.signInAsRedeemed': {
      ...event('account.signInAsRedeemed', {}, {}),
      differences: [
        { kind: 'N', path: ['signInAs', 'redeemed'], rhs: { by: 'casey@example.com', via: 'link' } },
      ],
    },
    'membership.manual-upgrade': event('membership.manual-upgrade', { userType: 1 }, { userType: 2 }),
    'membership.manual-downgrade': event('membership.manual-downgrade', { userType: 2 }, { userType: 1 }),
    'membership.expiration': event(
      'membership.expiration',
      { memberExpirationDateUtc: '2025-01-01T00:00:00.000Z' },
      { memberExpirationDateUtc: '2026-01-01T00:00:00.000Z' },
    ),
    'membership.lapse': event(
      'membership.lapse',
      { nextRenewalDateUtc: '2026-01-01T00:00:00.000Z' },
      { nextRenewalDateUtc: null },
    ),
    'membership.restoreToConsultant': event(
      'membership.restoreToConsultant',
      { userType: 2 },
      { userType: 1 },
    ),
    'pws.create': event('pws.create', { pwsKey: null }, { pwsKey: 'annasglow' }),
    'pws.update': event('pws.update', { pwsKey: 'anna' }, { pwsKey: 'annasglow' }),
    'genealogy.restoreTo.1044': event('genealogy.restoreTo.1044', { sponsorId: 1 }, { sponsorId: 1044 }),
    'genealogy.restoreClientsAndMembers': event(
      'genealogy.restoreClientsAndMembers',
      {},
      { restored: [5, 6] },
    ),
    'genealogy.restoreDownline': event('genealogy.restoreDownline', {}, { restored: [5] }),
    'commissions.compressedUp': event('commissions.compressedUp', { sponsorId: 1044 }, { sponsorId: 1 }),
    'commissions.compressAccount': event('commissions.compressAccount', { downline: [5, 6, 7] }, {}),
    'commissions.compressDownline': event(
      'commissions.compressDownline',
      {},
      { compressedDownline: { accounts: 2, moved: 4 } },
    ),
    'commissions.changeCountry': event('commissions.changeCountry', { countryId: 2 }, { countryId: 1 }),
    'email.termsAcceptance': event(
      'email.termsAcceptance',
      {},
      { emails: { termsAcceptance: 'ann@example.com' } },
    ),
    'email.passwordReset': event('email.passwordReset', {}, { emails: { passwordReset: 'ann@example.com' } }),
    'email.update': event('email.update', { email: 'a@example.com' }, { email: 'b@example.com' }),
    'employee.authDisabled': event(
      'employee.authDisabled',
      { bccom: { authDisabled: false } },
      { bccom: { authDisabled: true } },
    ),
    'employee.accountModified': event(
      'employee.accountModified',
      { bccom: { title: 'A' } },
      { bccom: { title: 'B' } },
    ),
    'employee.csUserRemoved': event('employee.csUserRemoved', { 'cs-users': { email: 'a@b.c' } }, {}),
    'address.add': event(
      'address.add',
      {},
      { shippingAddress: { address1: '1 Main St', city: 'Austin', zip: '78701' } },
    ),
    'address.update': event(
      'address.update',
      { shippingAddress: { city: 'Austin' } },
      { shippingAddress: { city: 'Dallas' } },
    ),
    'address.delete': event(
      'address.delete',
      { shippingAddress: { address1: '1 Main St', city: 'Austin' } },
      {},
    ),
    'address.default': event(
      'address.default',
      { defaultShippingAddressId: 1 },
      { defaultShippingAddressId: 2 },
    ),
    'order.create': event(
      'order.create',
      {},
      {
        orderId: 120_045,
        orderType: 4,
        state: 3,
        lines: [{ sku: '1276', quantity: 2, total: 5000 }],
        totals: { subtotal: 5000, shipping: 795, tax: 412, appliedCredit: 0, grandTotal: 6207 },
        payment: { transactionId: 'tx_1', brand: 'visa', last4: '4242' },
      },
      order,
    ),
    'order.batchCreate': event(
      'order.batchCreate',
      {},
      {
        orderId: 120_046,
        state: 3,
        batchOrder: { id: 12, rowNo: 3 },
        lines: [{ sku: '1276', quantity: 1, adjustedPrice: 0 }],
        grandTotal: 0,
      },
      order,
    ),
    'order.captured': event(
      'order.captured',
      { paymentState: 'authorized' },
      { paymentState: 'captured' },
      order,
    ),
    'order.captureFailed': event(
      'order.captureFailed',
      {},
      { paymentState: 'authorized', error: 'Card declined', captureAttempts: 1 },
      order,
    ),
    'order.captureRetryFailed': event(
      'order.captureRetryFailed',
      {},
      { error: 'Card declined', captureAttempts: 2 },
      order,
    ),
    'order.captureGaveUp': event(
      'order.captureGaveUp',
      {},
      { error: 'Card declined', captureAttempts: 5 },
      order,
    ),
    'order.captureStopped': event(
      'order.captureStopped',
      { captureRetry: 'pending' },
      { captureRetry: 'cancelled' },
      order,
    ),
    'order.comment': event(
      'order.comment',
      {},
      { comment: { description: 'Customer called', name: 'Casey Morgan' } },
      order,
    ),
    'order.cancel': event(
      'order.cancel',
      { state: 3, cancellation: null },
      {
        state: 7,
        cancellation: {
          ticket: 'T-1',
          reason: 'Duplicate order',
          adminUid: '37946b31-aaaa-4bbb-8ccc-123456789abc',
        },
      },
      order,
    ),
    'order.fraud': event('order.fraud', { isFraud: false }, { isFraud: true }, order),
    'sift.applyOrderDecision': event('sift.applyOrderDecision', { isFraud: true }, { isFraud: false }, order),
    'order.email.order-confirmation': {
      ...event('order.email.order-confirmation', {}, {}, order),
      differences: [{ kind: 'N', path: ['emailSent'], rhs: { template: 'order-confirmation', outboxId: 7 } }],
    },
    'order.popup': event('order.popup', { socialId: null }, { socialId: 88 }, order),
    'order.popupClosed': event(
      'order.popupClosed',
      { collection: 'ship-to-socials', state: 1, paymentState: 'authorized' },
      { collection: 'invoices', state: 3, paymentState: 'captured', socialId: 88, payment: 'capture' },
      { ...order, changedBy: 'system', changedByName: 'Popup close' },
    ),
    'order.shippingAddress': event(
      'order.shippingAddress',
      { shippingAddress: { city: 'Austin' } },
      { shippingAddress: { city: 'Dallas' } },
      order,
    ),
    'order.refund': event(
      'order.refund',
      {},
      {
        refund: {
          id: 'r1',
          reason: 'Damaged in transit',
          amount: 1299,
          pcAmount: 0,
          tax: 99,
          currency: 'CAD',
          adminUid: '37946b31-aaaa-4bbb-8ccc-123456789abc',
          cards: [{ transactionId: 'tx_1', refundAmount: 1299, idempotencyKey: 'k', status: 'processed' }],
        },
      },
      order,
    ),
    'order.refund.status': event(
      'order.refund.status',
      { refund: { id: 'r1', status: 'pending' } },
      { refund: { id: 'r1', status: 'processed' } },
      order,
    ),
    'order.refund.retry': event('order.refund.retry', {}, { refund: { id: 'r1', retries: 1 } }, order),
    'return.status': event(
      'return.status',
      { return: { id: 'x', returnStatus: 1 } },
      { return: { id: 'x', returnStatus: 2 } },
      order,
    ),
    'downstream.queued': event(
      'downstream.queued',
      {},
      { downstreamExport: { status: 'pending', attempts: 0 } },
      order,
    ),
    'downstream.retry': event(
      'downstream.retry',
      { downstreamExport: { status: 'failed' } },
      { downstreamExport: { status: 'pending' } },
      order,
    ),
    'downstream.cancelled': event(
      'downstream.cancelled',
      { downstreamExport: { status: 'failed' } },
      { downstreamExport: { status: 'cancelled' } },
      order,
    ),
    'downstream.exported': event(
      'downstream.exported',
      { phoenixOrderId: null },
      { phoenixOrderId: 88_001 },
      order,
    ),
    'downstream.failed': event(
      'downstream.failed',
      {},
      { downstreamExport: { status: 'failed', lastError: 'Phoenix timed out' } },
      order,
    ),
    'password.set': {
      ...event('password.set', {}, {}),
      differences: [{ kind: 'E', path: ['password'], lhs: '••••', rhs: '••••' }],
    },
    'password.reset': {
      ...event('password.reset', {}, {}),
      differences: [{ kind: 'E', path: ['password'], lhs: '••••', rhs: '••••' }],
    },
    'staff.create': event(
      'staff.create',
      {},
      { name: 'Robin Lee', email: 'robin@example.com', role: 'agent', active: true },
    ),
    'staff.update': event('staff.update', { role: 'agent' }, { role: 'leader' }),
    'staff.activate': event('staff.activate', { active: false }, { active: true }),
    'staff.deactivate': event('staff.deactivate', { active: true }, { active: false }),
    'staff.passwordLink': { ...event('staff.passwordLink', {}, {}), differences: [] },
    'flag.set': event('flag.set', { enabled: false }, { enabled: true }),
    'promo.create': event('promo.create', {}, { rule: { id: 1 }, tags: [], publishToProd: null }),
    'promo.update': event('promo.update', { tags: ['a'] }, { tags: ['b'] }),
    'promo.bulkUpdate': event('promo.bulkUpdate', { timestamps: { start: 1 } }, { timestamps: { start: 2 } }),
    'promo.deploy': event('promo.deploy', { rule: { id: 1 } }, { rule: { id: 2 } }),
    'promo.scheduledDeploy': event(
      'promo.scheduledDeploy',
      { publishToProd: 1_700_000_000 },
      { publishToProd: null },
    ),
    'promo.scheduledDeployFailed': event(
      'promo.scheduledDeployFailed',
      { publishToProd: 1 },
      { publishToProd: null, error: 'Rule invalid' },
    ),
    'promo.restore': event('promo.restore', { rule: { id: 2 } }, { rule: { id: 1 } }),
    'promo.onFile': event('promo.onFile', {}, { rule: { id: 1 } }),
    'social.close': event(
      'social.close',
      { status: 'open', totalCents: 0, orderCount: 0 },
      { status: 'closed', totalCents: 12_000, orderCount: 3 },
    ),
    'social.recalculate': event(
      'social.recalculate',
      { totalCents: 1000, orderCount: 1 },
      { totalCents: 3000, orderCount: 2 },
    ),
    'milestone.update': event(
      'milestone.update',
      { participantRewards: { creditCents: 1000 } },
      { participantRewards: { creditCents: 2000 } },
    ),
    'enrollerPayouts.pay': event(
      'enrollerPayouts.pay',
      {},
      { selectionId: 4, paidCount: 3, totalCents: 15_000, creditEntries: 2, rewardPayoutIds: [1, 2, 3] },
    ),
    'counting.start': event('counting.start', {}, { jobIds: [1, 2] }),
    'upload.confirm': event(
      'upload.confirm',
      {},
      { fileName: 'march.csv', fileHash: 'abc', totalRows: 40, failedRows: 2 },
    ),
    'upload.resumed': event('upload.resumed', { status: 'queued' }, { status: 'queued' }),
    'upload.retry': event('upload.retry', {}, { rows: 2 }),
    'upload.rowCorrected': event(
      'upload.rowCorrected',
      {},
      { rowNo: 4, before: { amount: '5' }, input: { amount: '6' } },
    ),
    'reconciliation.start': event(
      'reconciliation.start',
      {},
      { run: { id: 1, trigger: 'manual', nightlyFor: null } },
    ),
    'cart.create': event('cart.create', {}, { owner: 'uid', localeCode: 'en-US' }),
    'cart.delete': event('cart.delete', { localeCode: 'en-US', lines: [] }, {}),
    'cart.addProduct': event(
      'cart.addProduct',
      { lines: [] },
      { lines: [{ id: 'l1', sku: '1276', quantity: 1 }] },
    ),
    'cart.removeProduct': event(
      'cart.removeProduct',
      { lines: [{ id: 'l1', sku: '1276', quantity: 1 }] },
      { lines: [] },
    ),
    'cart.setQuantity': event(
      'cart.setQuantity',
      { lines: [{ id: 'l1', sku: '1276', quantity: 1 }] },
      { lines: [{ id: 'l1', sku: '1276', quantity: 2 }] },
    ),
    'cart.clear': event('cart.clear', { lines: [{ id: 'l1', sku: '1276', quantity: 1 }] }, { lines: [] }),
    'cart.giftSelection': event(
      'cart.giftSelection',
      { giftSelections: {} },
      { giftSelections: { promo1: '1276' } },
    ),
    'cart.hostReward': event('cart.hostReward', { hostRewardItems: [] }, { hostRewardItems: ['1276'] }),
    'cart.override': event('cart.override', { overrides: [] }, { overrides: [{ sku: '1276', price: 100 }] }),
    'cart.removeOverride': event(
      'cart.removeOverride',
      { overrides: [{ sku: '1276', price: 100 }] },
      { overrides: [] },
    ),
    'cart.promoCode': event('cart.promoCode', { promoCodes: [] }, { promoCodes: ['SPRING'] }),
    'cart.removePromoCode': event('cart.removePromoCode', { promoCodes: ['SPRING'] }, { promoCodes: [] }),
    'cart.switchLocale': event('cart.switchLocale', { localeCode: 'en-CA' }, { localeCode: 'fr-CA' }),
    update: event('update', { telephone: '555-0100' }, { telephone: '555-0199' }),
    updateEmail: event('updateEmail', { email: 'a@example.net' }, { email: 'b@example.net' }),
    updateSponsor: event('updateSponsor', { sponsorId: 1 }, { sponsorId: 1044 }),
    updateStatus: event('updateStatus', { accountStatus: 1 }, { accountStatus: 2 }),
    updateExpiration: event(
      'updateExpiration',
      { memberExpirationDateUTC: '2025-01-01T00:00:00.000Z' },
      { memberExpirationDateUTC: '2025-02-01T00:00:00.000Z' },
    ),
    addAddress: event('addAddress', { shippingAddresses: [] }, { shippingAddresses: [{ city: 'Austin' }] }),
    review: event('review', { state: 6 }, { state: 2 }, order),
    hold: event('hold', { state: 3, dhlHoldStatus: null }, { state: 8, dhlHoldStatus: 'HOLD' }, order),
  };
}

/** Text a reader sees of a described event. */
const shown = (e: ReturnType<typeof describeEvent>) =>
  [e.sentence, ...e.rows.flatMap((r) => [r.field, r.before, r.after])].join('\n');

/** camelCase record keys and dotted paths: what the screens showed before. */
const RAW_KEY = /\b[a-z]+[A-Z][A-Za-z]*\b|\b[a-zA-Z]+\.[a-zA-Z]+\.[a-zA-Z]+\b/;

describe('describeEvent', () => {
  it('writes the product credit grant as the sentence a team lead reads', () => {
    const d = describeEvent(samples()['productCredit.adjust']!, NAMES);
    expect(d.sentence).toBe('Casey Morgan added $20.00 of US product credit (Goodwill after call).');
    expect(d.rows).toContainEqual({ field: 'US product credit balance', before: '$0.00', after: '$20.00' });
    expect(d.rows).toContainEqual({ field: 'Ledger entry › by', before: '—', after: 'Casey Morgan' });
  });

  it.each([
    ['productCredit.order', 'Casey Morgan spent $5.00 of US product credit on an order (order 120045).'],
    ['productCredit.refund', 'Casey Morgan gave back CA$15.00 of Canadian product credit with a refund.'],
    ['productCredit.lapse', 'The system lapsed $5.00 of US product credit that expired unused.'],
    ['account.status', 'Casey Morgan changed the account status from Active to Terminated.'],
    ['account.type', 'Casey Morgan changed the account type from Consultant to Client.'],
    ['account.country', 'Casey Morgan moved the account from United States to Canada.'],
    ['account.comment', 'Casey Morgan added a comment: “Called about the order”.'],
    ['order.create', 'Casey Morgan placed order 120045 for $62.07.'],
    ['order.cancel', 'Casey Morgan cancelled the order (Duplicate order).'],
    ['order.refund', 'Casey Morgan refunded CA$12.99 (Damaged in transit).'],
    ['order.popupClosed', 'The popup close job moved the order from its popup to invoices (capture).'],
    ['return.status', 'Casey Morgan changed the return status from Initiated to Received.'],
    ['order.email.order-confirmation', 'Casey Morgan sent the order confirmation email.'],
    ['genealogy.restoreTo.1044', 'Casey Morgan restored the account to sponsor 1044.'],
    ['account.profile', 'Casey Morgan updated the profile: email and first name.'],
    ['cart.addProduct', 'Casey Morgan added New Serum Sampler (1276) to the cart.'],
    ['review', 'Casey Morgan reviewed the order from Pending Review to Reviewed.'],
  ])('%s reads "%s"', (kind, sentence) => {
    expect(describeEvent(samples()[kind]!, NAMES).sentence).toBe(sentence);
  });

  it('gives every kind the server writes a sentence of its own, naming who made it, with no raw key or cents', () => {
    const all = samples();
    for (const action of KNOWN_ACTIONS) expect(all[action], `sample of ${action}`).toBeDefined();
    for (const [kind, e] of Object.entries(all)) {
      expect(hasOwnSentence(e.action), kind).toBe(true);
      const d = describeEvent(e, NAMES);
      expect(d.sentence, kind).toMatch(/^(Casey Morgan|The system|The popup close job)\b/);
      expect(d.sentence, kind).toMatch(/[.!?]$/);
      expect(shown(d), kind).not.toMatch(RAW_KEY);
      if (/[.A-Z]/.test(e.action)) expect(d.sentence, kind).not.toContain(e.action);
    }
  });

  it('names staff and products in the table, never their ids', () => {
    const refund = describeEvent(samples()['order.refund']!, NAMES);
    expect(refund.rows).toContainEqual({ field: 'Refund › staff member', before: '—', after: 'Robin Lee' });
    expect(shown(refund)).not.toContain('37946b31');
    const created = describeEvent(samples()['order.create']!, NAMES);
    expect(created.rows).toContainEqual({
      field: 'Line 1 › product',
      before: '—',
      after: 'New Serum Sampler (1276)',
    });
    expect(created.rows).toContainEqual({ field: 'Order state', before: '—', after: 'Captured' });
  });

  it('hides request keys and file fingerprints, which say nothing to a reader', () => {
    const text = shown(describeEvent(samples()['order.refund']!, NAMES));
    expect(text).not.toMatch(/request key/i);
    expect(shown(describeEvent(samples()['upload.confirm']!, NAMES))).not.toMatch(/fingerprint|abc/);
  });

  it('reads an action it does not know from the fields the event changed', () => {
    const d = describeEvent(
      event('account.somethingNew', { telephone: '1', lastName: 'A' }, { telephone: '2', lastName: 'B' }),
    );
    expect(d.sentence).toBe('Casey Morgan changed last name and telephone.');
  });

  it('falls back to the email when the server could not name the staff member', () => {
    const d = describeEvent(
      event('flag.set', { enabled: true }, { enabled: false }, { changedByName: null }),
      NAMES,
    );
    expect(d.sentence).toBe('Casey Morgan turned the feature off.');
    const unknown = describeEvent(
      event('flag.set', {}, {}, { changedBy: 'x@example.com', changedByName: null }),
    );
    expect(unknown.who).toBe('x@example.com');
  });

  it('labels paths and collections in words', () => {
    expect(fieldLabel(['productCredit', 'us', 'balance'])).toBe('US product credit balance');
    expect(fieldLabel(['memberExpirationDateUTC'])).toBe('Membership expires');
    expect(fieldLabel(['shippingAddress', 'zip'])).toBe('Shipping address › ZIP or postal code');
    expect(fieldLabel(['someNewFieldId'])).toBe('Some new field number');
    expect(collectionLabel('account-log')).toBe('Account');
    expect(collectionLabel('returns-log')).toBe('Returns');
  });
});

// Generated events: any kind, any mix of known and unknown fields, money anywhere.
const KEYS = [
  'balance',
  'amount',
  'totalCents',
  'grandTotal',
  'refundAmount',
  'firstName',
  'memberExpirationDateUTC',
  'accountStatus',
  'userType',
  'state',
  'sponsorId',
  'shippingAddress',
  'ledgerEntry',
  'isFraud',
  'someBrandNewField',
  'createdBy',
  'sku',
] as const;
const MONEY_LABELS = new Set([
  'amount',
  'total',
  'grand total',
  'refund amount',
  'us product credit balance',
  'canadian product credit balance',
]);

const leaf = fc.oneof(
  fc.integer({ min: -100, max: 100 }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('Austin', '2025-03-04T17:00:00.000Z', 'casey@example.com', 'Goodwill'),
);
const record: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ rec: Record<string, unknown> }>((tie) => ({
  rec: fc.dictionary(fc.constantFrom(...KEYS), fc.oneof({ depthSize: 'small' }, leaf, tie('rec')), {
    maxKeys: 4,
  }),
})).rec;

describe('describeEvent over generated events', () => {
  it('never shows a raw key, and never shows cents as a bare number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...KNOWN_ACTIONS,
          'order.email.shipping-confirmation',
          'genealogy.restoreTo.5',
          'brand.newKind',
        ),
        fc.constantFrom('us', 'ca'),
        record,
        record,
        fc.integer({ min: 101, max: 10_000_000 }),
        (action, country, before, after, cents) => {
          const e = event(
            action,
            { ...before, productCredit: { [country]: { balance: cents } } },
            { ...after, productCredit: { [country]: { balance: cents + 1 } }, totalCents: cents },
          );
          const d = describeEvent(e, NAMES);
          const text = shown(d);
          expect(text).not.toMatch(RAW_KEY);
          if (/[.A-Z]/.test(action)) expect(text).not.toContain(action);
          // A money field's number never appears on its own: cents are always formatted.
          for (const n of [cents, cents + 1])
            expect(text).not.toMatch(new RegExp(`(^|[^\\d.,])${n}($|[^\\d.,])`));
          for (const r of d.rows)
            if (MONEY_LABELS.has(r.field.split(' › ').at(-1)!.toLowerCase()) && typeof r.after === 'string')
              expect(r.after).not.toMatch(/^-?[\d,]+$/);
          expect(d.sentence.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
