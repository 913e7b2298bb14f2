import { hash, randomBytes, randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random alphanumeric id (cart ids are 28 characters, document ids 20). */
export function alphanumericId(length = 20): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/** 128 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}
