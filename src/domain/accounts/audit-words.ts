// How the screens show the account change log (spec 1 §3 Account-log event), apart from its
// contracts (audit.ts, which re-exports this).

/** A difference path as people read it: "sponsorId", "consultantPreferences.123.creditAccess". */
export const pathLabel = (path: readonly (string | number)[]) => path.map(String).join('.') || '(record)';
