import { type CsvColumn, csvTable } from '@domain/platform/csv';
import type { PromoRule } from '@domain/promos/rule';
import { NO_END_SECONDS, ruleTypeName } from '@domain/promos/rule-types';
import type { PromoCollection, PromoRuleRecord } from '@domain/promos/tool';
import { promoUserTypeName } from '@domain/reference/lists';

// The promo list's filters, labels and CSV (spec 3 §2 Promo tool: every rule across collections).

export interface PromoListFilter {
  collection: PromoCollection | '';
  typeId: number | '';
  tag: string;
  sku: string;
  liveNow: boolean;
  q: string;
}

export const EMPTY_FILTER: PromoListFilter = {
  collection: '',
  typeId: '',
  tag: '',
  sku: '',
  liveNow: false,
  q: '',
};

const engine = (r: PromoRuleRecord) => r.rule as Partial<PromoRule>;

export function windowOf(r: PromoRuleRecord): { start: number; end: number } {
  const t = engine(r).timestamps;
  return { start: t?.start ?? 0, end: t?.end ?? NO_END_SECONDS };
}

/** Live now: switched on, in the active or production list, inside its window. */
export function isLiveNow(r: PromoRuleRecord, nowSeconds: number): boolean {
  const w = windowOf(r);
  return (
    r.active &&
    (r.collection === 'active' || r.collection === 'production') &&
    w.start <= nowSeconds &&
    nowSeconds <= w.end
  );
}

const skusOf = (r: PromoRuleRecord) => {
  const e = engine(r);
  return [
    ...(e.conditionItems ?? []),
    ...(e.actionItems ?? []),
    ...(e.exclusionItems ?? []),
    ...(e.disqualificationItems ?? []),
  ];
};

export function filterRules(rules: readonly PromoRuleRecord[], f: PromoListFilter, nowSeconds: number) {
  const q = f.q.trim().toLowerCase();
  const sku = f.sku.trim().toLowerCase();
  return rules.filter(
    (r) =>
      (!f.collection || r.collection === f.collection) &&
      (f.typeId === '' || r.typeId === f.typeId) &&
      (!f.tag || r.tags.includes(f.tag)) &&
      (!sku || skusOf(r).some((s) => s.toLowerCase() === sku)) &&
      (!f.liveNow || isLiveNow(r, nowSeconds)) &&
      (!q || r.name.toLowerCase().includes(q)),
  );
}

export const regionLabel = (ids: readonly number[]) =>
  ids.length === 0 ? 'US, CA' : ids.map((id) => (id === 2 ? 'CA' : id === 1 ? 'US' : String(id))).join(', ');
export const userTypesLabel = (ids: readonly number[]) =>
  ids.length === 0 ? 'All' : ids.map((id) => promoUserTypeName(id) ?? String(id)).join(', ');
export const typeLabel = (id: number) => `${id} · ${ruleTypeName(id) ?? 'Unknown'}`;

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
export function windowLabel(r: PromoRuleRecord): string {
  const w = windowOf(r);
  const start = w.start === 0 ? 'Always' : day(w.start);
  const end = w.end >= NO_END_SECONDS ? 'no end' : day(w.end);
  return `${start} → ${end}`;
}

const RULES_CSV: readonly CsvColumn<PromoRuleRecord>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Collection', value: (r) => r.collection },
  { header: 'Type', value: (r) => typeLabel(r.typeId) },
  { header: 'Priority', value: (r) => r.priority },
  { header: 'Stop', value: (r) => r.stop },
  { header: 'Regions', value: (r) => regionLabel(r.regionId) },
  { header: 'User types', value: (r) => userTypesLabel(r.userTypes) },
  { header: 'Window', value: (r) => windowLabel(r) },
  { header: 'Active', value: (r) => r.active },
  { header: 'Tags', value: (r) => r.tags.join(' ') },
  { header: 'Last change', value: (r) => r.updatedAt },
  { header: 'Changed by', value: (r) => r.updatedBy },
];

/** The rules as a CSV file, through the one writer (every rule matching the filters). */
export const rulesCsv = (rules: readonly PromoRuleRecord[]): string => csvTable(RULES_CSV, rules);
