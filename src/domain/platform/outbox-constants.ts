// The Outbox screen's constants, apart from the contracts (outbox.ts, which re-exports them): the
// screen takes them without loading zod (ADR 043).

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'stored', 'failed'] as const;
