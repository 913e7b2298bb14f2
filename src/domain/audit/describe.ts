import type { Difference } from '../platform/diff';
import { capitalize, fieldLabel } from './labels';
import { type SentenceContext, sentenceOf } from './sentences';
import { type AuditNames, formatValue, NO_NAMES, type ValueContext } from './values';

// A change event as a team lead reads it (spec 1 §2 Audit, spec 2 §3 Order change log event): one
// sentence and a before/after table in words and money. The event's raw differences stay as they
// are for the "Show raw change" disclosure; nothing here changes what is stored.

export interface DescribableEvent {
  action: string;
  collection: string;
  changedBy: string;
  changedByName: string | null;
  differences: readonly Difference[];
}

export interface DescribedRow {
  field: string;
  before: string;
  after: string;
}

export interface DescribedEvent {
  /** Who made the change, by name. */
  who: string;
  sentence: string;
  rows: DescribedRow[];
}

type Path = (string | number)[];

/** The leaves of a recorded value: objects open up into their fields, lists of records into items. */
function leaves(path: Path, value: unknown, out: [Path, unknown][]) {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.push([path, null]);
    for (const [key, v] of entries) leaves([...path, key], v, out);
  } else if (Array.isArray(value) && value.some((v) => v !== null && typeof v === 'object')) {
    if (value.length === 0) out.push([path, []]);
    for (const [i, v] of value.entries()) leaves([...path, i], v, out);
  } else out.push([path, value]);
}

/** Values the table leaves to the raw change: request keys and a reason's number (its name is shown). */
const HIDDEN = new Set(['idempotencyKey', 'fileHash', 'outboxId', 'reasonId']);

function rowsOf(differences: readonly Difference[], ctx: ValueContext): DescribedRow[] {
  const byPath = new Map<string, { path: Path; before?: unknown; after?: unknown }>();
  const put = (side: 'before' | 'after', path: Path, value: unknown) => {
    const key = JSON.stringify(path);
    const row = byPath.get(key) ?? { path };
    row[side] = value;
    byPath.set(key, row);
  };
  for (const d of differences) {
    const before: [Path, unknown][] = [];
    const after: [Path, unknown][] = [];
    if (d.lhs !== undefined) leaves([...d.path], d.lhs, before);
    if (d.rhs !== undefined) leaves([...d.path], d.rhs, after);
    for (const [p, v] of before) put('before', p, v);
    for (const [p, v] of after) put('after', p, v);
  }
  const rows = [...byPath.values()]
    .filter((r) => !r.path.some((k) => HIDDEN.has(String(k))))
    .map((r) => ({
      field: fieldLabel(r.path),
      before: formatValue(r.path, r.before, ctx),
      after: formatValue(r.path, r.after, ctx),
    }))
    // A field empty on both sides says nothing.
    .filter((r) => r.before !== '—' || r.after !== '—');
  // Values that changed come first (the balance before the new ledger entry's facts).
  return [...rows.filter((r) => r.before !== '—'), ...rows.filter((r) => r.before === '—')];
}

function setAt(root: Record<string, unknown>, path: readonly (string | number)[], value: unknown) {
  if (path.length === 0) {
    if (value && typeof value === 'object') Object.assign(root, value);
    return;
  }
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[String(path.at(-1))] = value;
}

/** The event's values before and after, as far as its differences record them. */
function sides(differences: readonly Difference[]) {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const d of differences) {
    if (d.lhs !== undefined) setAt(before, d.path, d.lhs);
    if (d.rhs !== undefined) setAt(after, d.path, d.rhs);
  }
  return { before, after };
}

/** The money of an event is in its own currency where it records one (refunds, Canadian credit). */
function currencyOf(differences: readonly Difference[]): string {
  for (const d of differences) {
    const found: [Path, unknown][] = [];
    leaves([...d.path], d.rhs ?? d.lhs, found);
    for (const [p, v] of found) {
      if (p.at(-1) === 'currency' && (v === 'USD' || v === 'CAD')) return v;
      if (p[0] === 'productCredit' && p[1] === 'ca') return 'CAD';
    }
  }
  return 'USD';
}

/** "first name, last name and email": the fields an event touched, by the top of their paths. */
function fieldsOf(differences: readonly Difference[]): string {
  const names = [
    ...new Set(
      differences.map((d) =>
        d.path.length === 0
          ? 'the record'
          : fieldLabel(d.path.slice(0, d.path[0] === 'productCredit' ? 2 : 1)).toLowerCase(),
      ),
    ),
  ].map((n) => n.replace(/^us /, 'US ').replace(/^canadian /, 'Canadian '));
  if (names.length === 0) return 'nothing';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Who made the change: a staff member by name, a job by what it is. */
export function actorName(
  event: Pick<DescribableEvent, 'changedBy' | 'changedByName'>,
  names: AuditNames = NO_NAMES,
) {
  if (event.changedBy === 'system') {
    const name = event.changedByName;
    return !name || name === 'System' ? 'The system' : `The ${name.toLowerCase()} job`;
  }
  return (
    event.changedByName ??
    names.staff[event.changedBy] ??
    names.staff[event.changedBy.toLowerCase()] ??
    event.changedBy
  );
}

export function describeEvent(event: DescribableEvent, names: AuditNames = NO_NAMES): DescribedEvent {
  const values: ValueContext = { names, currency: currencyOf(event.differences) };
  const who = actorName(event, names);
  const context: SentenceContext = {
    who,
    action: event.action,
    ...sides(event.differences),
    fields: fieldsOf(event.differences),
    values,
  };
  const sentence = capitalize(sentenceOf(context));
  return {
    who,
    sentence: /[.!?]$/.test(sentence) ? sentence : `${sentence}.`,
    rows: rowsOf(event.differences, values),
  };
}

export { collectionLabel, fieldLabel } from './labels';
export { type AuditNames, NO_NAMES } from './values';
