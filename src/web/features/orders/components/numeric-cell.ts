/** A cell of money or volumes: right-aligned, on one line, with figures of one width. */
export const num = { textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
