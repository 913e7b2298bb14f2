// The price-override form's fields (spec 2 §3, §5) and how they are read as the override the
// server takes, without zod: the form's checks (override-form.ts) load on first use (ADR 044).

/** The form's fields, as typed: the line (id and SKU) and the five numbers. */
export interface OverrideFieldValues {
  id: string;
  sku: string;
  overridePrice: string;
  overridePV: string;
  overrideQV: string;
  overrideCV: string;
  quantity: string;
}

type OverrideNumbers = 'overridePrice' | 'overridePV' | 'overrideQV' | 'overrideCV' | 'quantity';

/** The fields read as numbers; an empty one is left out, which the server's rules call "Required". */
export type OverrideRead = Pick<OverrideFieldValues, 'id' | 'sku'> &
  Record<OverrideNumbers, number | undefined>;

const toNumber = (s: string) => (s.trim() === '' ? undefined : Number(s));

export const overrideRead = (v: OverrideFieldValues): OverrideRead => ({
  id: v.id,
  sku: v.sku,
  overridePrice: toNumber(v.overridePrice),
  overridePV: toNumber(v.overridePV),
  overrideQV: toNumber(v.overrideQV),
  overrideCV: toNumber(v.overrideCV),
  quantity: toNumber(v.quantity),
});
