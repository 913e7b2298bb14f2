import type { PricedLine, RuleExplanation } from '../pricing';

// The simulator's rule explanations as staff read them: products by name instead of line
// keys ("line 0", "gift:New Serum Sampler:1276"), and long SKU lists summarized ("needs 4 of 58
// skincare SKUs") with every product one click away. The engine's own sentences stay as they are
// (the carts and both simulators answer them word for word); this only rewrites how they are shown.

export interface ProductName {
  sku: string;
  title: string;
  /** The product's first category, for a list's summary ("58 skincare SKUs"). */
  category: string | null;
}
export type ProductNames = ReadonlyMap<string, ProductName>;

/** Lists longer than this are summarized, with the whole list behind "show all". */
export const LIST_SHOWN = 3;

/** "Renewal Serum (P200)", or the SKU alone when the catalogue does not know it. */
export function productWords(sku: string, names: ProductNames): string {
  const known = names.get(sku);
  return known ? `${known.title} (${sku})` : sku;
}

/** A line key of the engine's answer in words: the product, or the free gift and the rule that gave it. */
export function lineWords(
  key: string,
  lines: readonly Pick<PricedLine, 'key' | 'sku'>[],
  names: ProductNames,
) {
  const gift = /^gift:(.*):([^:]+)$/.exec(key);
  if (gift) return `free ${productWords(gift[2]!, names)}`;
  const line = lines.find((l) => l.key === key) ?? lines.find((l) => l.key === key.split('.')[0]);
  return line ? productWords(line.sku, names) : `line ${key}`;
}

/** A reason: its sentence, and the whole list when the sentence summarizes one. */
export interface ReasonWords {
  text: string;
  list?: { label: string; items: string[] };
}

const and = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "58 skincare SKUs" when they share a category, else "58 SKUs". */
function countWords(skus: readonly string[], names: ProductNames): string {
  const categories = new Set(skus.map((s) => names.get(s)?.category ?? null));
  const [only] = [...categories];
  const kind = categories.size === 1 && only ? `${only.toLowerCase()} ` : '';
  return `${skus.length} ${kind}SKU${skus.length === 1 ? '' : 's'}`;
}

/** A list of SKUs in a sentence: every product by name when short, a count otherwise. */
function skuList(skus: readonly string[], names: ProductNames): { words: string; all?: string[] } {
  const all = skus.map((s) => productWords(s, names));
  if (skus.length <= LIST_SHOWN) return { words: and(all) };
  return { words: countWords(skus, names), all };
}

const NEEDS = /^The cart needs (\d+) of (.+?)( \(of one SKU\))?\.$/;
const DISQUALIFIED = /^The cart holds disqualifying SKU (.+)\.$/;

/** An explanation in words (money formatted by the caller's currency). */
export function explanationWords(
  e: RuleExplanation,
  lines: readonly Pick<PricedLine, 'key' | 'sku'>[],
  names: ProductNames,
  money: (cents: number) => string,
): ReasonWords {
  if (e.applied) {
    const times = e.times === 1 ? 'once' : `${e.times} times`;
    const on = [...new Set(e.lines.map((k) => lineWords(k, lines, names)))];
    const where =
      on.length === 0 ? '' : on.length <= LIST_SHOWN ? ` on ${and(on)}` : ` on ${on.length} lines`;
    return {
      text: `Applied ${times}${where}, ${money(e.amount)}`,
      ...(on.length > LIST_SHOWN ? { list: { label: 'Lines', items: on } } : {}),
    };
  }
  const needs = NEEDS.exec(e.message);
  if (needs) {
    const skus = needs[2]!.split(', ');
    const list = skuList(skus, names);
    const oneSku = needs[3] ? ' (all of one SKU)' : '';
    return {
      text: `Not applied: the cart needs ${needs[1]} of ${list.words}${oneSku}`,
      ...(list.all ? { list: { label: 'SKUs that count', items: list.all } } : {}),
    };
  }
  const disqualified = DISQUALIFIED.exec(e.message);
  if (disqualified) {
    const list = skuList(disqualified[1]!.split(', '), names);
    return {
      text: `Not applied: the cart holds ${list.words}, which ${list.all ? 'disqualify' : 'disqualifies'} it`,
      ...(list.all ? { list: { label: 'Disqualifying SKUs', items: list.all } } : {}),
    };
  }
  return { text: `Not applied: ${e.message}` };
}

/** Every SKU an answer's explanations name (lines, gifts, lists), for one catalogue look-up. */
export function skusNamed(
  explanations: readonly RuleExplanation[],
  lines: readonly Pick<PricedLine, 'key' | 'sku'>[],
): string[] {
  const skus = new Set(lines.map((l) => l.sku));
  for (const e of explanations) {
    if (e.applied) {
      for (const k of e.lines) {
        const gift = /^gift:(.*):([^:]+)$/.exec(k);
        if (gift) skus.add(gift[2]!);
      }
      continue;
    }
    const listed = NEEDS.exec(e.message)?.[2] ?? DISQUALIFIED.exec(e.message)?.[1];
    if (listed) for (const s of listed.split(', ')) skus.add(s);
  }
  return [...skus];
}
