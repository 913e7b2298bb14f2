import { describe, expect, it } from 'vitest';
import { adultCutoff, isAdult, parseDate } from './dates';
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
