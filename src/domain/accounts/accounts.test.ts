import { describe, expect, it } from 'vitest';
import type { StaffRole } from '../auth/roles';
import {
  accountTypeChoices,
  countryChangeRefusal,
  needsTypeChangeReason,
  UpdateProfileRequest,
} from './profile';
import { maskTaxNumber, SetTaxNumberRequest, taxNumberForm, taxNumberKind } from './tax-number';
import { taxNumberBody } from './tax-number-rules';

const profile = (over: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  userType: 3,
  dateOfBirth: '',
  telephone: '(801) 555-0134',
  genderId: null,
  defaultLanguageId: 1,
  countryId: 1,
  ...over,
});
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('customer detail form rules (spec 1 §5, DESIGN §5)', () => {
  it('stores the phone without punctuation, the email in lower case, and no date of birth for a client', () => {
    expect(UpdateProfileRequest.parse(profile())).toMatchObject({
      telephone: '8015550134',
      email: 'ada@example.com',
      dateOfBirth: null,
    });
  });

  it('requires an adult date of birth for consultants, members and employees', () => {
    for (const userType of [1, 2, 4]) {
      expect(firstIssue(UpdateProfileRequest.safeParse(profile({ userType })))).toBe(
        'Must provide valid date',
      );
      expect(
        firstIssue(UpdateProfileRequest.safeParse(profile({ userType, dateOfBirth: '2015-06-01' }))),
      ).toBe('Must provide valid date: Must be over 18');
      expect(UpdateProfileRequest.parse(profile({ userType, dateOfBirth: '04/02/1980' })).dateOfBirth).toBe(
        '1980-04-02',
      );
    }
  });

  it('takes an empty date of birth for clients, prospects and guests, but not a future one', () => {
    for (const userType of [3, 5, 7])
      expect(UpdateProfileRequest.safeParse(profile({ userType })).success).toBe(true);
    expect(firstIssue(UpdateProfileRequest.safeParse(profile({ dateOfBirth: '2999-01-01' })))).toBe(
      'Invalid Date: date not required',
    );
  });

  it('names the required fields with the spec wording', () => {
    expect(firstIssue(UpdateProfileRequest.safeParse(profile({ firstName: ' ' })))).toBe(
      'First name is required',
    );
    expect(firstIssue(UpdateProfileRequest.safeParse(profile({ userType: undefined })))).toBe(
      'Account type is required',
    );
    expect(firstIssue(UpdateProfileRequest.safeParse(profile({ email: 'a@b' })))).toBe(
      'Must be a valid email address',
    );
  });
});

describe('tax numbers', () => {
  it('knows the kind from the country and the entity flag', () => {
    expect([
      taxNumberKind(1, false),
      taxNumberKind(1, true),
      taxNumberKind(2, false),
      taxNumberKind(2, true),
    ]).toEqual(['ssn', 'taxId', 'sin', 'businessNumber']);
  });

  it('masks every kind, never showing more than the last digits', () => {
    expect(maskTaxNumber('123451234', 'ssn')).toBe('***-**-1234');
    expect(maskTaxNumber('123456789', 'sin')).toBe('***-***-789');
    expect(maskTaxNumber('123456789', 'taxId')).toBe('**-***6789');
    expect(maskTaxNumber('123456789RT0001', 'businessNumber')).toBe('***********0001');
    expect(maskTaxNumber(null, 'ssn')).toBeNull();
  });

  it('takes one 9-digit TIN, and an entity name for an entity', () => {
    expect(SetTaxNumberRequest.parse({ uid: 'A1', ssn: '123-45-6789', isEntity: false }).ssn).toBe(
      '123456789',
    );
    expect(firstIssue(SetTaxNumberRequest.safeParse({ uid: 'A1', ssn: '12-345', isEntity: false }))).toBe(
      'TIN must be numeric and 9 digits in length',
    );
    expect(SetTaxNumberRequest.safeParse({ uid: 'A1', isEntity: false }).success).toBe(false);
    expect(
      firstIssue(SetTaxNumberRequest.safeParse({ uid: 'A1', taxId: '12-3456789', isEntity: true })),
    ).toBe('Entity name is required for an entity');
  });

  it("sends the section's number under its kind, checked as the request (spec 1 §5)", () => {
    const fields = { number: '123-456-789', isEntity: false, entityName: 'Ignored' };
    expect(taxNumberBody('A1', 2, fields)).toEqual({
      uid: 'A1',
      sin: '123-456-789',
      isEntity: false,
      entityName: null,
    });
    expect(taxNumberForm('A1', 2).parse(fields)).toMatchObject({
      uid: 'A1',
      sin: '123456789',
      isEntity: false,
    });
    const entity = taxNumberForm('A1', 1).safeParse({ number: '12-3456789', isEntity: true, entityName: '' });
    expect(firstIssue(entity)).toBe('Entity name is required for an entity');
  });
});

describe('profile form choices (ADR 018)', () => {
  const as = (role: StaffRole) => ({ role, promoAccess: false, junoAccess: false });
  const offered = (role: StaffRole, from: number, flagOn = true) =>
    accountTypeChoices(as(role), from, flagOn)
      .filter((c) => c.refusal === null)
      .map((c) => c.name);

  it('offers an agent only the current type and the retail types', () => {
    expect(offered('agent', 3)).toEqual(['Client', 'Prospect', 'Guest']);
    expect(offered('agent', 1)).toEqual(['Consultant']);
    expect(offered('agent', 2)).toEqual(['Member']);
  });

  it('offers leaders and developers the membership changes while the flag is on', () => {
    expect(offered('leader', 3)).toEqual(['Member', 'Client', 'Prospect', 'Guest']);
    expect(offered('developer', 1)).toEqual(['Consultant', 'Member']);
    expect(offered('leader', 3, false)).toEqual(['Client', 'Prospect', 'Guest']);
    expect(accountTypeChoices(as('leader'), 3, false).find((c) => c.name === 'Member')?.refusal).toBe(
      'Manual membership change is turned off.',
    );
    expect(needsTypeChangeReason(3, 2)).toBe(true);
    expect(needsTypeChangeReason(3, 5)).toBe(false);
  });

  it('locks the country for roles without commissions.manage', () => {
    expect(countryChangeRefusal(as('agent'))).toBe(
      'Only a Sales Operator Manager or Developer may change the country.',
    );
    expect(countryChangeRefusal(as('salesOperatorManager'))).toBeNull();
    expect(countryChangeRefusal(as('developer'))).toBeNull();
  });
});
