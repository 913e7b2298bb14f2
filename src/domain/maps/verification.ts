// What a verification answer means for the address form (spec 3 §4), apart from the address
// services' contracts (maps.ts) so the checkout reads it without them.

/** Spec 3 §4: suggestion and error flags from the first record's result codes. */
export function verificationFlags(answer: { Records: readonly { Results: string }[] }): {
  suggestion: boolean;
  error: boolean;
} {
  const codes = (answer.Records[0]?.Results ?? '').split(',').map((c) => c.trim());
  return {
    suggestion: codes.some((c) => c.startsWith('AC')),
    error: codes.some((c) => c.startsWith('AE')),
  };
}

/** Verification repeats when the last one is older than 180 days or absent (spec 2 §5, spec 3 §4). */
export function needsVerification(lastVerifiedUtc: string | null | undefined, now: number, ttlMs: number) {
  if (!lastVerifiedUtc) return true;
  const at = Date.parse(lastVerifiedUtc);
  return Number.isNaN(at) || now - at > ttlMs;
}
