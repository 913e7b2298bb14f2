/** The password every test staff user signs in with; the log check makes sure it is never logged. */
export const TEST_PASSWORD = 'Test-Password-1';
