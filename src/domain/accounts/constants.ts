// Constants of the account operations (spec 1 §7) that the screens need without the requests'
// rules (operations.ts, which re-exports them).

/** A PWS key (spec 1 §7 accounts/phoenix/pws): 3 to 50 letters, digits or hyphens, not at either end. */
export const PWS_KEY = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;
