import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-layout';
import { findBareSecret, HIDDEN_VALUE, hideBareSecrets, hideBareSecretsIn, SecretLink } from './secret-link';

const URL = 'https://bo.example.com/resetpassword?token=s3cr3t-T0ken_value';
const link = () => new SecretLink(URL, 'password link', new Date(Date.now() + 60_000));

describe('SecretLink', () => {
  it('is its placeholder in every text a template can make of it', () => {
    const l = link();
    const placeholder = '[password link: sent to the recipient only]';
    expect(String(l)).toBe(placeholder);
    expect(`Open ${l}`).toBe(`Open ${placeholder}`);
    expect(JSON.stringify({ url: l })).toBe(JSON.stringify({ url: placeholder }));
    expect(inspect({ url: l })).not.toContain('s3cr3t');
    expect(l.reveal()).toBe(URL);
  });

  it('renders into an email as the placeholder and is listed for the outbox', () => {
    const l = link();
    const email = renderEmail({ title: 'Reset', paragraphs: ['Hi'], action: { label: 'Go', url: l } });
    expect(email.html).toContain(`href="${l.placeholder}"`);
    expect(`${email.html}${email.text}`).not.toContain('s3cr3t');
    expect(email.secretLinks).toEqual([l]);
    expect(
      renderEmail({ title: 'T', paragraphs: [], action: { label: 'Go', url: 'https://x.example' } })
        .secretLinks,
    ).toEqual([]);
  });
});

describe('links made without SecretLink', () => {
  it.each([
    ['https://a.example/reset?token=abc', 'token'],
    ['https://a.example/x?id=1&amp;resetToken=abc', 'resetToken'],
    ['see https://a.example/x?a=1&api_secret=abc.', 'api_secret'],
    ['https://a.example/x#access-token=abc', 'access-token'],
    ['https://a.example/x?sig=abc', 'sig'],
  ])('finds %s', (text, name) => {
    expect(findBareSecret(text)).toBe(name);
    expect(hideBareSecrets(text)).toContain(`${name}=${HIDDEN_VALUE}`);
    expect(hideBareSecrets(text)).not.toContain('=abc');
  });

  it.each([
    'https://www.dhl.com/us-en/home/tracking.html?tracking-id=1234567890',
    'https://www.canpar.com/en/tracking/delivery_options.htm?barcode=D123',
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111',
    'https://tracking.narvar.com/demo/tracking/ups?tracking_numbers=1Z999',
    'https://www.counterbase.example/forgotpassword?email=a%40b.com',
  ])('leaves carrier and plain links alone: %s', (text) => {
    expect(findBareSecret(text)).toBeNull();
    expect(hideBareSecrets(text)).toBe(text);
  });

  it('hides such a value wherever it sits in a JSON value, and nothing else', () => {
    expect(hideBareSecretsIn({ a: ['x?token=abc'], b: { c: 'y?id=2' }, n: 3 })).toEqual({
      a: [`x?token=${HIDDEN_VALUE}`],
      b: { c: 'y?id=2' },
      n: 3,
    });
  });

  it('never leaves the value of a token parameter in hidden text (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('token', 'resetToken', 'reset_token', 'otp', 'signature', 'password'),
        fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/),
        fc.constantFrom('?', '&', '&amp;', '#'),
        fc.string({ maxLength: 20 }),
        (name, value, sep, before) => {
          const text = `${before} https://bo.example/x${sep}${name}=${value} end`;
          expect(findBareSecret(text)).not.toBeNull();
          expect(hideBareSecrets(text)).not.toContain(`${name}=${value}`);
        },
      ),
    );
  });
});
