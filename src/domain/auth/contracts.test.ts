import { describe, expect, it } from 'vitest';
import { FORM_PASSWORD_MIN_LENGTH, MESSAGES } from '../validation';
import { NewPasswordForm, PASSWORD_MIN_LENGTH } from './contracts';

const issues = (password: string, confirmPassword: string) => {
  const parsed = NewPasswordForm.safeParse({ password, confirmPassword });
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('new password form (spec 3 §5 Password)', () => {
  it("says the spec's 'Please make sure your passwords match' under the confirmation", () => {
    expect(issues('correct horse', 'correct hose')).toEqual([
      ['confirmPassword', 'Please make sure your passwords match'],
    ]);
    expect(MESSAGES.passwordMatch).toBe('Please make sure your passwords match');
  });
  it("keeps a minimum no weaker than the spec's 6, worded like the spec's", () => {
    expect(PASSWORD_MIN_LENGTH).toBeGreaterThanOrEqual(FORM_PASSWORD_MIN_LENGTH);
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1);
    expect(issues(short, short)).toEqual([
      ['password', `Please enter ${PASSWORD_MIN_LENGTH} or more characters`],
    ]);
    const enough = 'x'.repeat(PASSWORD_MIN_LENGTH);
    expect(issues(enough, enough)).toEqual([]);
  });
});
