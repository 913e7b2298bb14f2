import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adultCutoff, isAdult, parseDate, parseDay } from './dates';
import {
  dollarsToCents,
  formatBusinessNumber,
  formatCompany,
  formatDate,
  formatName,
  formatPhone,
  formatSin,
  formatSsn,
  formatTaxId,
  formatZip,
  maskSin,
  maskSsn,
  maskTaxId,
  normalizePhone,
  normalizeTaxNumber,
  roundMoney,
} from './masks';
import { plainLabel } from './messages';

describe('input masks (spec 3 §5 input formatting)', () => {
  it('phone (###) ###-#### while typing, stored as digits', () => {
    expect(
      ['', '5', '512', '5125', '512555', '5125550', '5125550134', '51255501349'].map(formatPhone),
    ).toEqual(['', '(5', '(512', '(512) 5', '(512) 555', '(512) 555-0', '(512) 555-0134', '(512) 555-0134']);
    expect(formatPhone('(512) 555-0134')).toBe('(512) 555-0134');
    expect(normalizePhone('(512) 555-0134')).toBe('5125550134');
  });
  it('SSN ###-##-#### with its masked form', () => {
    expect(formatSsn('123')).toBe('123');
    expect(formatSsn('1234')).toBe('123-4');
    expect(formatSsn('123456789999')).toBe('123-45-6789');
    expect(maskSsn('123456789')).toBe('***-**-6789');
  });
  it('SIN ###-###-###, tax id ##-#######, each with a masked form', () => {
    expect(formatSin('046454286')).toBe('046-454-286');
    expect(maskSin('046454286')).toBe('***-***-286');
    expect(formatTaxId('123456789')).toBe('12-3456789');
    expect(maskTaxId('123456789')).toBe('**-***6789');
    expect(normalizeTaxNumber('12-3456789')).toBe('123456789');
  });
  it('date MM/DD/YYYY while typing', () => {
    expect(formatDate('0')).toBe('0');
    expect(formatDate('012')).toBe('01/2');
    expect(formatDate('01021990')).toBe('01/02/1990');
    expect(formatDate('01/02/19901')).toBe('01/02/1990');
  });
  it('name strips digits and punctuation (apostrophes and hyphens belong to names)', () => {
    expect(formatName('Jo3hn!!, Smith.')).toBe('John Smith');
    expect(formatName("Mary-Jane O'Neil")).toBe("Mary-Jane O'Neil");
    expect(formatName('Zoë Lévesque')).toBe('Zoë Lévesque');
  });
  it('company keeps letters, digits and &', () => {
    expect(formatCompany('Smith & Sons, Inc. #2')).toBe('Smith & Sons Inc 2');
  });
  it('zip strips punctuation: US digits with the +4 dash, Canada A1A 1A1', () => {
    expect(formatZip('78-701', 1)).toBe('78701');
    expect(formatZip('787011234', 1)).toBe('78701-1234');
    expect(formatZip('78701-12345', 1)).toBe('78701-1234');
    expect(formatZip('k1a-0b1', 2)).toBe('K1A 0B1');
    expect(formatZip('k1', 2)).toBe('K1');
  });
  it('business number: 9 digits, 2 letters, 4 digits', () => {
    expect(formatBusinessNumber('123 456 789 rt 0001 9')).toBe('123456789RT0001');
    expect(formatBusinessNumber('12345678')).toBe('12345678');
    expect(formatBusinessNumber('123456789 1')).toBe('123456789');
  });
  it('money rounds to two decimals and goes to cents', () => {
    expect(roundMoney(5.955)).toBe(5.96);
    expect(roundMoney(-5.955)).toBe(-5.96);
    expect(dollarsToCents(5.95)).toBe(595);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
});

describe('dates and labels', () => {
  it('parses real dates only', () => {
    expect(parseDate('2/3/2001')).toBe('2001-02-03');
    expect(parseDate('2001-02-30')).toBeNull();
  });
  it('refuses years out of range and anything that is not a whole date, never rolling over', () => {
    for (const text of [
      '10000-01-01',
      '1',
      '0001-01-01',
      '1899-12-31',
      '2200-01-01',
      '2028-02-30',
      '02/30/2028',
      '',
    ])
      expect(parseDate(text), text).toBeNull();
    expect(parseDate('1900-01-01')).toBe('1900-01-01');
    expect(parseDate('2199-12-31')).toBe('2199-12-31');
    expect(parseDay('2026-03-01T23:30:00-08:00')).toBe('2026-03-02');
    expect(parseDay('2028-02-30T00:00:00Z')).toBeNull();
    expect(parseDay('1')).toBeNull();
  });
  it('a date is accepted exactly when it is a real day in range, and reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12000 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 33 }),
        (y, m, d) => {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const probe = new Date(Date.UTC(2000, m - 1, d));
          probe.setUTCFullYear(y);
          const real =
            m >= 1 && m <= 12 && d >= 1 && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
          const inRange = y >= 1900 && y <= 2199;
          expect(parseDate(text)).toBe(real && inRange ? text : null);
        },
      ),
    );
  });
  it('adult cutoff, with 29 February', () => {
    expect(adultCutoff('2026-06-15')).toBe('2008-06-15');
    expect(adultCutoff('2024-02-29')).toBe('2006-02-28');
    expect(isAdult('2006-02-28', '2024-02-29')).toBe(true);
    expect(isAdult('2006-03-01', '2024-02-29')).toBe(false);
  });
  it('takes the star off a label', () => {
    expect(plainLabel('Last Name*')).toBe('Last Name');
  });
});
