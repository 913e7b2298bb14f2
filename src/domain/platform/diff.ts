// Differences between two versions of a record, in the deep-diff form the change logs use
// (spec 1 §3 Account-log event, spec 2 §3 Order change log event): kind N (new), D (deleted),
// E (edited), A (array element changed); path; lhs (before); rhs (after).

export interface Difference {
  kind: 'N' | 'D' | 'E' | 'A';
  path: (string | number)[];
  lhs?: unknown;
  rhs?: unknown;
}

type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** Dates become ISO strings and undefined fields disappear, so both sides compare as JSON would. */
export function toPlain(value: unknown): Plain {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toPlain);
  if (typeof value === 'object') {
    const out: { [key: string]: Plain } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== undefined) out[k] = toPlain(v);
    }
    return out;
  }
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return String(value);
}

const isObject = (v: Plain): v is { [key: string]: Plain } =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function walk(lhs: Plain, rhs: Plain, path: (string | number)[], out: Difference[], inArray: boolean) {
  if (lhs === rhs) return;
  if (isObject(lhs) && isObject(rhs)) {
    const keys = new Set([...Object.keys(lhs), ...Object.keys(rhs)]);
    for (const key of [...keys].sort()) {
      const inL = key in lhs;
      const inR = key in rhs;
      if (inL && !inR) out.push({ kind: 'D', path: [...path, key], lhs: lhs[key] });
      else if (!inL && inR) out.push({ kind: 'N', path: [...path, key], rhs: rhs[key] });
      else walk(lhs[key] ?? null, rhs[key] ?? null, [...path, key], out, false);
    }
    return;
  }
  if (Array.isArray(lhs) && Array.isArray(rhs)) {
    const length = Math.max(lhs.length, rhs.length);
    for (let i = 0; i < length; i++) {
      if (i >= lhs.length) out.push({ kind: 'A', path: [...path, i], rhs: rhs[i] });
      else if (i >= rhs.length) out.push({ kind: 'A', path: [...path, i], lhs: lhs[i] });
      else walk(lhs[i] ?? null, rhs[i] ?? null, [...path, i], out, true);
    }
    return;
  }
  if (lhs === null && !inArray) out.push({ kind: 'N', path, rhs });
  else if (rhs === null && !inArray) out.push({ kind: 'D', path, lhs });
  else out.push({ kind: inArray ? 'A' : 'E', path, lhs, rhs });
}

export function diff(before: unknown, after: unknown): Difference[] {
  const out: Difference[] = [];
  walk(toPlain(before), toPlain(after), [], out, false);
  return out;
}
