import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  address,
  addressOptional,
  businessNumber,
  creditCardNumber,
  creditCardVerification,
  date,
  dateOfBirth,
  dateOfBirthDistributor,
  dateOfBirthFor,
  email,
  emailOptional,
  float,
  lengthBetween,
  lengthExceeded,
  lengthExceededRequired,
  maxAmount,
  name,
  newCardProblems,
  password,
  passwordWithConfirmation,
  phone,
  phoneOptional,
  postalCodeByCountry,
  reason,
  required,
  requiredNumber,
  taxNumber,
  zip,
} from './fields';

/** The first message a schema gives for a value, or null when it passes. */
function messageOf(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
}
const parsed = (schema: z.ZodType, value: unknown) => schema.parse(value);

describe('required (spec 3 §5)', () => {
  it("says '{label} is required' with the label's star taken off", () => {
    expect(messageOf(required('First Name*'), '')).toBe('First Name is required');
    expect(messageOf(required('First Name *'), '   ')).toBe('First Name is required');
    expect(messageOf(required('City'), undefined)).toBe('City is required');
    expect(messageOf(required('City'), null)).toBe('City is required');
    expect(parsed(required('City'), '  Austin ')).toBe('Austin');
  });
  it('takes any number for a number field', () => {
    expect(messageOf(requiredNumber('Account Type*'), 0)).toBeNull();
    expect(messageOf(requiredNumber('Account Type*'), undefined)).toBe('Account Type is required');
  });
});

describe('email', () => {
  it('needs a top-level part of at least 2 characters', () => {
    expect(messageOf(email(), 'jane@example.com')).toBeNull();
    expect(messageOf(email(), 'jane.o+tag@mail.example.co')).toBeNull();
    expect(messageOf(email(), 'jane@example.c')).toBe('Must be a valid email address');
    expect(messageOf(email(), 'jane@example')).toBe('Must be a valid email address');
    expect(messageOf(email(), 'jane example.com')).toBe('Must be a valid email address');
    expect(messageOf(email(), '')).toBe('Email is required');
  });
  it('may be empty when optional, and must be valid when given', () => {
    expect(parsed(emailOptional(), '')).toBeNull();
    expect(messageOf(emailOptional(), 'nope@')).toBe('Must be a valid email address');
  });
});

describe('zip by country id', () => {
  it('US: 5 digits, or 5 digits, a dash and 4 digits', () => {
    for (const ok of ['78701', '78701-1234']) expect(messageOf(zip(1), ok)).toBeNull();
    for (const bad of ['7870', '787011', '78701-123', '78701 1234', 'K1A 0B1'])
      expect(messageOf(zip(1), bad)).toBe('Must be a valid US zip code');
  });
  it('Canada (country 2): the Canadian postal pattern, stored as A1A 1A1', () => {
    for (const ok of ['K1A 0B1', 'k1a0b1', 'M5V-3L9']) expect(messageOf(zip(2), ok)).toBeNull();
    expect(parsed(zip(2), 'k1a0b1')).toBe('K1A 0B1');
    for (const bad of ['78701', 'D1A 0B1', 'K1A 0B', 'KK1 0B1'])
      expect(messageOf(zip(2), bad)).toBe('Must be a valid CA zip code');
  });
  it('labels the empty field Zip Code or Postal Code', () => {
    expect(messageOf(zip(1), '')).toBe('Zip Code is required');
    expect(messageOf(zip(2), '')).toBe('Postal Code is required');
  });
  it('puts the message on the postal code of an object by its country', () => {
    const schema = z
      .object({ postalCode: z.string(), countryId: z.number() })
      .superRefine(postalCodeByCountry('postalCode'));
    const r = schema.safeParse({ postalCode: '78701', countryId: 2 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['postalCode'],
      message: 'Must be a valid CA zip code',
    });
    expect(schema.safeParse({ postalCode: 'K1A 0B1', countryId: 2 }).success).toBe(true);
  });
});

describe('address and addressOptional', () => {
  it('address: required, a street line, at most 35 characters', () => {
    expect(messageOf(address(), '12 Main St., Apt #4')).toBeNull();
    expect(messageOf(address(), '')).toBe('Address is required');
    expect(messageOf(address(), '@@@')).toBe('Must be a valid address');
    expect(messageOf(address(), 'x'.repeat(36))).toBe('Address can not exceed 35 characters');
    expect(messageOf(address(), 'x'.repeat(35))).toBeNull();
  });
  it('addressOptional: empty is fine, at most 30 characters', () => {
    expect(parsed(addressOptional(), '')).toBeNull();
    expect(parsed(addressOptional(), ' Suite 200 ')).toBe('Suite 200');
    expect(messageOf(addressOptional(), 'x'.repeat(31))).toBe('Address must not be over 30 characters');
    expect(messageOf(addressOptional(), 'x'.repeat(30))).toBeNull();
  });
});

describe('phone and phoneOptional', () => {
  it('phone: optional, 10 digits in the usual US forms when given, stored without punctuation', () => {
    expect(parsed(phone(), '')).toBeNull();
    for (const ok of ['(512) 555-0134', '512-555-0134', '512.555.0134', '512 555 0134', '5125550134'])
      expect(parsed(phone(), ok)).toBe('5125550134');
    for (const bad of ['555-0134', '(512) 555-01345', '512-555-013a'])
      expect(messageOf(phone(), bad)).toBe('Must be a valid telephone number');
  });
  it('phoneOptional only requires a non-empty value', () => {
    expect(messageOf(phoneOptional('Phone*'), '')).toBe('Phone is required');
    expect(parsed(phoneOptional('Phone*'), '+44 (20) 7946-0958')).toBe('+442079460958');
  });
});

describe('length rules and their three messages', () => {
  it('names: required and at most 35', () => {
    expect(messageOf(name('First Name*'), 'a'.repeat(35))).toBeNull();
    expect(messageOf(name('First Name*'), 'a'.repeat(36))).toBe('First Name can not exceed 35 characters');
  });
  it('lengthExceeded and lengthExceededRequired', () => {
    expect(parsed(lengthExceeded('Company', 35), '')).toBeNull();
    expect(messageOf(lengthExceeded('Company', 35), 'c'.repeat(36))).toBe(
      'Company can not exceed 35 characters',
    );
    expect(messageOf(lengthExceededRequired('City', 35), '')).toBe('City is required');
  });
  it('Max length and Min length of the field', () => {
    const schema = lengthBetween('PWS', 3, 20);
    expect(messageOf(schema, 'ab')).toBe('Min length of the field "PWS" is 3 symbols');
    expect(messageOf(schema, 'a'.repeat(21))).toBe('Max length of the field "PWS" is 20 symbols');
    expect(messageOf(schema, 'abc')).toBeNull();
  });
});

describe('float', () => {
  it('takes decimal numbers as text or number', () => {
    expect(parsed(float(), '5.95')).toBe(5.95);
    expect(parsed(float(), '-10')).toBe(-10);
    expect(parsed(float(), 3)).toBe(3);
    for (const bad of ['', 'abc', '1.2.3', '1e3', '12,5'])
      expect(messageOf(float(), bad)).toBe('Please enter a valid number');
    expect(messageOf(float(), Number.NaN)).toBe('Please enter a valid number');
  });
});

describe('password', () => {
  it('6 or more characters, and both entries matching', () => {
    expect(messageOf(password(), '12345')).toBe('Please enter 6 or more characters');
    expect(messageOf(password(), '123456')).toBeNull();
    const r = passwordWithConfirmation().safeParse({ password: 'abcdef', confirmPassword: 'abcdeg' });
    expect(r.error!.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'Please make sure your passwords match',
    });
  });
});

describe('dates', () => {
  const today = () => '2026-06-15';
  it('date: a real date as MM/DD/YYYY or YYYY-MM-DD', () => {
    expect(parsed(date(), '02/29/2024')).toBe('2024-02-29');
    expect(parsed(date(), '2024-02-29')).toBe('2024-02-29');
    expect(messageOf(date(), '02/29/2023')).toBe('Must be a valid date');
    expect(messageOf(date(), '13/01/2020')).toBe('Must be a valid date');
    expect(messageOf(date(), 'soon')).toBe('Must be a valid date');
  });
  it('dateOfBirth: optional; when given, real and not in the future', () => {
    expect(parsed(dateOfBirth({ today }), '')).toBeNull();
    expect(parsed(dateOfBirth({ today }), '06/15/2026')).toBe('2026-06-15');
    expect(messageOf(dateOfBirth({ today }), '06/16/2026')).toBe('Invalid Date: date not required');
    expect(messageOf(dateOfBirth({ today }), '02/30/1990')).toBe('Invalid Date: date not required');
  });
  it('dateOfBirthDistributor: required, real, and 18 or older (MINIMUM_AGE)', () => {
    const dob = dateOfBirthDistributor({ today });
    expect(messageOf(dob, '')).toBe('Must provide valid date');
    expect(messageOf(dob, undefined)).toBe('Must provide valid date');
    expect(messageOf(dob, '02/30/1990')).toBe('Must provide valid date');
    expect(messageOf(dob, '06/15/2008')).toBeNull();
    expect(messageOf(dob, '06/16/2008')).toBe('Must provide valid date: Must be over 18');
    expect(messageOf(dob, '01/01/2030')).toBe('Must provide valid date');
  });
  it('by account type (DESIGN §5): distributor rule for Consultant, Member, Employee only', () => {
    for (const type of [1, 2, 4])
      expect(messageOf(dateOfBirthFor(type, { today }), '')).toBe('Must provide valid date');
    for (const type of [3, 5, 7]) expect(messageOf(dateOfBirthFor(type, { today }), '')).toBeNull();
    expect(messageOf(dateOfBirthFor(3, { today }), '06/16/2010')).toBeNull();
  });
});

describe('reason', () => {
  it("refuses any word containing 'expir', in any case", () => {
    const msg = "The Reason field shouldn't contain the 'expire' word";
    for (const bad of ['Expired credit', 'credit will EXPIRE', 'pre-expiry fix', 'unexpiring'])
      expect(messageOf(reason(), bad)).toBe(msg);
    expect(messageOf(reason(), 'Damaged lipstick')).toBeNull();
    expect(messageOf(reason(), '')).toBe('Reason is required');
  });
});

describe('max amount', () => {
  it("says 'Value must be less than or equal to $limit'", () => {
    expect(messageOf(maxAmount(150), 150)).toBeNull();
    expect(messageOf(maxAmount(150), 150.01)).toBe('Value must be less than or equal to $150');
    expect(messageOf(maxAmount(51), 60)).toBe('Value must be less than or equal to $51');
  });
});

describe('tax number', () => {
  it('TIN must be numeric and 9 digits, masks accepted and taken out', () => {
    const msg = 'TIN must be numeric and 9 digits in length';
    expect(parsed(taxNumber(), '123-45-6789')).toBe('123456789');
    expect(parsed(taxNumber(), '123-456-789')).toBe('123456789');
    expect(parsed(taxNumber(), '12-3456789')).toBe('123456789');
    for (const bad of ['12345678', '1234567890', '12345678a', ''])
      expect(messageOf(taxNumber(), bad)).toBe(msg);
  });
  it('business number: 9 digits, 2 letters, 4 digits', () => {
    expect(parsed(businessNumber(), '123456789rt0001')).toBe('123456789RT0001');
    expect(messageOf(businessNumber(), '123456789RT001')).toBe(
      'Business number must be 9 digits, 2 letters and 4 digits',
    );
  });
});

describe('newCardProblems: the new-card form, single or in a split', () => {
  const good = { number: '4111 1111 1111 1111', cvv: '123', expiry: '12/30', postal: '78701' };
  it('has no problem for a whole, valid card', () => {
    expect(newCardProblems(good)).toEqual({});
  });
  it('names each field that is wrong, in the form’s words', () => {
    expect(
      newCardProblems({ number: '4111 1111 1111 1112', cvv: '12', expiry: '13/30', postal: ' ' }),
    ).toEqual({
      number: 'Must be a valid card number',
      cvv: 'Must be a valid security code',
      expiry: 'Expiry must be MM/YY',
      postal: 'Postal code is required',
    });
  });
});

describe('newCardProblems, checked without zod, refuses what the zod builders refuse', () => {
  const cardText = fc.oneof(
    fc.stringMatching(/^[0-9 -]{0,24}$/),
    fc.string({ maxLength: 24 }),
    fc.constantFrom('4111 1111 1111 1111', '4111-1111-1111-1111', '378282246310005', '4111111111111112'),
  );
  const code = fc.oneof(fc.stringMatching(/^ ?[0-9]{0,5} ?$/), fc.string({ maxLength: 6 }));
  it('for the number and the security code', () => {
    fc.assert(
      fc.property(cardText, code, (number, cvv) => {
        const found = newCardProblems({ number, cvv, expiry: '12/30', postal: 'A' });
        expect(found.number === undefined).toBe(creditCardNumber().safeParse(number).success);
        expect(found.cvv === undefined).toBe(creditCardVerification().safeParse(cvv).success);
      }),
      { numRuns: 2000 },
    );
  });
});
