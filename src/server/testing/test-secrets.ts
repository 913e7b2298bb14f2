/** The password every test staff user signs in with; the log check makes sure it is never logged. */
export const TEST_PASSWORD = 'Test-Password-1';

/**
 * The data key ring of every test app (ADR 022): fixed, so fixtures can seal what they insert.
 * 32 bytes of 0x5a in base64, under the id `test1`.
 */
export const TEST_DATA_KEY = `test1:${Buffer.alloc(32, 0x5a).toString('base64')}`;

/** Tax numbers the tests set: the log check fails the run if one is ever logged. */
export const TEST_TAX_NUMBERS = [
  '123451234',
  '987654329',
  '246813579',
  '135792468',
  '314159265',
  '271828182',
];
