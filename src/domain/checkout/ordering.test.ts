import { describe, expect, it } from 'vitest';
import { CheckoutAddress } from './checkout';
import { cartEligibility, membershipRefusal, renewalRefusal } from './eligibility';
import { autoSwitchTarget, localeAutoSwitch, localeForCountryChange } from './locale';
import { ORDERING_MESSAGES } from './messages';
import { checkoutReducer, initialCheckout, readyToSubmit } from './order-type';
import { currentSiftSession, isLiveSiftSession, newSiftSession, siftSessionIssuedAt } from './sift';
import { orderTotals } from './totals';

const s = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('order type transitions (spec 2 §4)', () => {
  const base = checkoutReducer(initialCheckout(1), {
    type: 'account',
    uid: 'U1',
    userType: 3,
    creditBalance: 1000,
  });

  it('starts unset for a customer; consultants default to the consultant order type', () => {
    expect(base.orderType).toBeNull();
    const consultant = checkoutReducer(base, { type: 'account', uid: 'U2', userType: 1, creditBalance: 0 });
    expect(consultant.orderType).toBe(2);
  });

  it('choosing enrollment asks for the check; a closable answer starts the enrollment order', () => {
    const chosen = checkoutReducer(base, { type: 'orderType', orderType: 11 });
    expect(chosen.verifyEnrollment).toBe(true);
    const ok = checkoutReducer(chosen, {
      type: 'enrollmentChecked',
      answer: { success: true, canClose: true, errors: [], message: null },
    });
    expect(ok).toMatchObject({
      orderType: 11,
      enrollment: true,
      notice: ORDERING_MESSAGES.enrollmentStarted,
    });
  });

  it('a refused check keeps the errors and clears the type; a failed call says so', () => {
    const chosen = checkoutReducer(base, { type: 'orderType', orderType: 11 });
    const refused = checkoutReducer(chosen, {
      type: 'enrollmentChecked',
      answer: {
        success: true,
        canClose: false,
        errors: [ORDERING_MESSAGES.enrollmentCountry],
        message: null,
      },
    });
    expect(refused).toMatchObject({
      orderType: null,
      enrollment: false,
      enrollmentErrors: [ORDERING_MESSAGES.enrollmentCountry],
    });
    const failed = checkoutReducer(chosen, { type: 'enrollmentFailed' });
    expect(failed.enrollmentErrors).toEqual(['Unable to verify enrollment.  Please try again.']);
  });

  it('changing the account resets the order type', () => {
    const typed = checkoutReducer(base, { type: 'orderType', orderType: 16 });
    expect(
      checkoutReducer(typed, { type: 'account', uid: 'U3', userType: 2, creditBalance: 0 }).orderType,
    ).toBeNull();
  });

  it('changing country clears overrides, method, rates, credit, popup and context, and re-checks enrollment', () => {
    let st = checkoutReducer(base, { type: 'orderType', orderType: 11 });
    st = checkoutReducer(st, {
      type: 'enrollmentChecked',
      answer: { success: true, canClose: true, errors: [], message: null },
    });
    st = checkoutReducer(st, { type: 'overrides', overrides: { overrideTax: 100, overrideShipping: 0 } });
    st = checkoutReducer(st, {
      type: 'estimated',
      estimateId: 'E1',
      rates: [{ method: 3, amount: 795 }],
      taxAmount: 50,
      method: 3,
      creditApplied: 500,
    });
    st = checkoutReducer(st, { type: 'method', method: 3 });
    st = checkoutReducer(st, { type: 'credit', cents: 500 });
    st = checkoutReducer(st, { type: 'popup', popupId: 7 });
    st = checkoutReducer(st, {
      type: 'payment',
      payment: { savedCard: true, cardId: 'c1', squareNonce: null },
    });
    expect(st.step).toBe(3);
    const moved = checkoutReducer(st, { type: 'country', countryId: 2, creditBalance: 200 });
    expect(moved).toMatchObject({
      countryId: 2,
      overrides: { overrideTax: null, overrideShipping: null },
      shippingMethod: null,
      rates: [],
      taxAmount: null,
      appliedCredit: 0,
      creditBalance: 200,
      popupId: null,
      estimateId: null,
      payment: null,
      verifyEnrollment: true,
      step: 1,
    });
  });

  it('Ship to Social (6) belongs to its popup: another popup or none clears it, other methods stay', () => {
    let st = checkoutReducer(base, { type: 'popup', popupId: 7 });
    st = checkoutReducer(st, { type: 'method', method: 6 });
    expect(checkoutReducer(st, { type: 'popup', popupId: 7 }).shippingMethod).toBe(6);
    expect(checkoutReducer(st, { type: 'popup', popupId: null }).shippingMethod).toBeNull();
    expect(checkoutReducer(st, { type: 'popup', popupId: 8 }).shippingMethod).toBeNull();
    const ground = checkoutReducer(st, { type: 'method', method: 3 });
    expect(checkoutReducer(ground, { type: 'popup', popupId: null }).shippingMethod).toBe(3);
  });

  it('overrides that start on follow the estimate until staff set them; a country change starts over', () => {
    let st = checkoutReducer(base, { type: 'overrideDefaults', defaults: null });
    expect(st.overrides).toEqual({ overrideTax: null, overrideShipping: null });
    st = checkoutReducer(st, {
      type: 'overrideDefaults',
      defaults: { overrideTax: 83, overrideShipping: 0 },
    });
    expect(st.overrides).toEqual({ overrideTax: 83, overrideShipping: 0 });
    st = checkoutReducer(st, {
      type: 'overrideDefaults',
      defaults: { overrideTax: 149, overrideShipping: 795 },
    });
    expect(st.overrides).toEqual({ overrideTax: 149, overrideShipping: 795 });
    st = checkoutReducer(st, { type: 'overrides', overrides: { overrideShipping: 500 } });
    st = checkoutReducer(st, { type: 'overrideDefaults', defaults: { overrideTax: 1, overrideShipping: 2 } });
    expect(st.overrides).toEqual({ overrideTax: 149, overrideShipping: 500 });
    st = checkoutReducer(st, { type: 'country', countryId: 2, creditBalance: 0 });
    expect(st.overridesTouched).toBe(false);
    st = checkoutReducer(st, { type: 'overrideDefaults', defaults: { overrideTax: 1, overrideShipping: 2 } });
    expect(st.overrides).toEqual({ overrideTax: 1, overrideShipping: 2 });
  });

  it('clears a method the new estimate no longer offers; credit never above the balance', () => {
    let st = checkoutReducer(base, { type: 'method', method: 5 });
    st = checkoutReducer(st, {
      type: 'estimated',
      estimateId: 'E2',
      rates: [{ method: 3, amount: 795 }],
      taxAmount: 0,
      method: null,
      creditApplied: 0,
    });
    expect(st.shippingMethod).toBeNull();
    expect(checkoutReducer(base, { type: 'credit', cents: 5000 }).appliedCredit).toBe(1000);
    expect(readyToSubmit(st)).toBe(false);
  });
});

describe('membership 9000 and renewal 9916 windows, Pacific time (DESIGN §5)', () => {
  // Expired 2025-01-15 (Pacific): 6 months later is the end of 2025-07-15 Pacific (PDT, UTC−7).
  const expiry = s('2025-01-15T20:00:00Z');
  const member = (now: number) => ({ now, userType: 2, account: { memberExpirationDate: expiry } });

  it('a member may buy the membership only once it expired more than 6 months ago', () => {
    expect(membershipRefusal(member(s('2025-07-16T06:59:59Z')))).toBe(ORDERING_MESSAGES.membershipIneligible);
    expect(membershipRefusal(member(s('2025-07-16T07:00:00Z')))).toBeNull();
  });

  it('consultants and employees may not; pending terms has its own message; clients may', () => {
    expect(membershipRefusal({ now: s('2026-01-01T00:00:00Z'), userType: 1, account: {} })).toBe(
      ORDERING_MESSAGES.membershipIneligible,
    );
    expect(membershipRefusal({ now: s('2026-01-01T00:00:00Z'), userType: 4, account: {} })).toBe(
      ORDERING_MESSAGES.membershipIneligible,
    );
    expect(membershipRefusal({ now: 0, userType: 3, account: { pendingMemberTerms: true } })).toBe(
      ORDERING_MESSAGES.membershipPendingTerms,
    );
    expect(membershipRefusal({ now: 0, userType: 3, account: {} })).toBeNull();
  });

  it('renewal opens 6 months before the end of the expiry day and closes 6 months after', () => {
    // Opens at the end of 2024-07-15 Pacific (PDT): 2024-07-16T06:59:59Z.
    expect(renewalRefusal(member(s('2024-07-16T06:59:58Z')))).toBe(ORDERING_MESSAGES.renewalIneligible);
    expect(renewalRefusal(member(s('2024-07-16T06:59:59Z')))).toBeNull();
    expect(renewalRefusal(member(s('2025-07-16T06:59:59Z')))).toBeNull();
    expect(renewalRefusal(member(s('2025-07-16T07:00:00Z')))).toBe(ORDERING_MESSAGES.renewalIneligible);
    expect(
      renewalRefusal({
        now: s('2025-01-01T00:00:00Z'),
        userType: 3,
        account: { memberExpirationDate: expiry },
      }),
    ).toBe(ORDERING_MESSAGES.renewalIneligible);
  });

  it('lists the refusals of a cart', () => {
    expect(cartEligibility(['9000', '9916', 'LIP'], { now: 0, userType: 1, account: {} })).toEqual([
      ORDERING_MESSAGES.membershipIneligible,
      ORDERING_MESSAGES.renewalIneligible,
    ]);
  });
});

describe('totals and locales', () => {
  it('adds subtotal, shipping and tax and takes off credit (never above the subtotal)', () => {
    expect(
      orderTotals({
        prePromoSubtotal: 3000,
        subtotal: 2800,
        shipping: 795,
        appliedCredit: 500,
        rate: { rateBasisPoints: 825, taxShipping: true },
      }),
    ).toEqual({
      prePromoSubtotal: 3000,
      discount: 200,
      subtotal: 2800,
      shipping: 795,
      tax: 297,
      shippingTax: 66,
      appliedCredit: 500,
      grandTotal: 3392,
    });
    expect(
      orderTotals({
        prePromoSubtotal: 1000,
        subtotal: 1000,
        shipping: 0,
        appliedCredit: 5000,
        rate: null,
        overrideTax: 10,
        overrideShipping: 300,
      }),
    ).toMatchObject({ shipping: 300, tax: 10, appliedCredit: 1000, grandTotal: 310 });
  });

  it('changing the shipping country picks the new locale, keeping the chosen language where it can', () => {
    expect(localeForCountryChange('en-US', 1, { defaultLanguageId: 2 })).toBeNull();
    expect(localeForCountryChange('fr-CA', 1, { defaultLanguageId: 2 })).toBe('en-US');
    expect(localeForCountryChange('en-CA', 1, { defaultLanguageId: 1 })).toBe('en-US');
    // Back to Canada in the language it had, else the customer's language.
    expect(localeForCountryChange('en-US', 2, { lastCanadian: 'fr-CA', defaultLanguageId: 1 })).toBe('fr-CA');
    expect(localeForCountryChange('en-US', 2, { lastCanadian: 'en-CA', defaultLanguageId: 2 })).toBe('en-CA');
    expect(localeForCountryChange('en-US', 2, { defaultLanguageId: 2 })).toBe('fr-CA');
    expect(localeForCountryChange('en-US', 2, { lastCanadian: null, defaultLanguageId: 1 })).toBe('en-CA');
  });

  it('picks the locale to switch to', () => {
    expect(autoSwitchTarget(['fr-CA', 'en-US'], 'en-US')).toBe('fr-CA');
    expect(autoSwitchTarget(['en-US'], 'en-CA')).toBeNull();
    expect(autoSwitchTarget(['fr-CA'], 'fr-CA')).toBeNull();
  });

  it('auto-detects at checkout only within the cart’s country and only while the cart is empty', () => {
    expect(localeAutoSwitch(['fr-CA', 'en-US'], 'en-CA', true)).toBe('fr-CA');
    expect(localeAutoSwitch(['en-CA'], 'fr-CA', true)).toBe('en-CA');
    // Across countries: the shipping country is the customer's, not the browser's.
    expect(localeAutoSwitch(['fr-CA'], 'en-US', true)).toBeNull();
    // A cart with products keeps its instance.
    expect(localeAutoSwitch(['fr-CA'], 'en-CA', false)).toBeNull();
    // en-US is the first locale: never switched to.
    expect(localeAutoSwitch(['en-US'], 'en-CA', true)).toBeNull();
  });
});

describe('Sift session id (spec 2 §3; DESIGN §5: 30 minutes)', () => {
  const t0 = Date.UTC(2026, 10, 24, 12, 0, 0);
  it('lives 30 minutes: kept up to 29:59.999, replaced at 30:00', () => {
    const first = currentSiftSession(null, t0, () => 'abcdef123456');
    expect(first.issuedAt).toBe(t0);
    expect(siftSessionIssuedAt(first.id)).toBe(t0);
    expect(currentSiftSession(first, t0 + 30 * 60_000 - 1, () => 'other000000')).toBe(first);
    const next = currentSiftSession(first, t0 + 30 * 60_000, () => 'other000000');
    expect(next.id).not.toBe(first.id);
    expect(next.issuedAt).toBe(t0 + 30 * 60_000);
  });
  it('judges an id by its issue time; a foreign or future id is not live', () => {
    const { id } = newSiftSession(t0, 'abcdef123456');
    expect(isLiveSiftSession(id, t0 + 29 * 60_000)).toBe(true);
    expect(isLiveSiftSession(id, t0 + 30 * 60_000)).toBe(false);
    expect(isLiveSiftSession('not-a-sift-id!', t0)).toBe(false);
    expect(isLiveSiftSession(id, t0 - 5 * 60_000)).toBe(false);
  });
});

describe('the verification date of a checkout address (spec 3 §4)', () => {
  const address = {
    firstName: 'Ada',
    lastName: 'Lane',
    address: '100 Congress Ave',
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    countryId: 1 as const,
  };
  const verifiedAt = (melissaVerificationDateUTC: string) =>
    CheckoutAddress.safeParse({ ...address, melissaVerificationDateUTC }).success;

  it('takes a past instant, in UTC or with its offset, including across a daylight-saving change', () => {
    expect(verifiedAt('2026-01-15T18:30:00.000Z')).toBe(true);
    expect(verifiedAt('2026-03-08T01:30:00-08:00')).toBe(true);
    expect(verifiedAt('2026-03-08T03:30:00-07:00')).toBe(true);
  });

  it('refuses text, a date that does not exist, a bare date and a future instant', () => {
    for (const text of ['abc', '2028-02-30T10:00:00Z', '2026-01-15', '2999-01-01T00:00:00Z', '1'])
      expect(verifiedAt(text), text).toBe(false);
  });
});
