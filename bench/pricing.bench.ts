// Pricing engine benchmark (issue 3, Performance). Run: npx tsx bench/pricing.bench.ts
// Generates seeded rule sets and carts, prices each cart many times after a warm-up, reports
// medians, writes the "Pricing engine" section of bench/RESULTS.md, and prints one JSON line.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CompiledRules, compileRules, type PricingInput, priceCart } from '../src/domain/pricing';
import { defineRule, type PromoRule, type PromoRuleInput } from '../src/domain/promos/rule';

/** Deterministic PRNG (mulberry32) so every run prices the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  return { next, int, pick };
}

const CATALOG_SIZE = 5000;
const sku = (i: number) => `S${String(i).padStart(5, '0')}`;
const NOW = 1_750_000_000;
const both = (us: number, ca: number) => ({ '1': us, '2': ca });

/**
 * A realistic active rule set: mostly SKU-targeted item promos, some gifts and bundles, a few
 * cart-wide threshold and shipping promos. `inapplicable` (0–1) is the share of rules that cannot
 * apply to the benchmark shopper: other region or user type, outside their window, or behind a code.
 */
function generateRules(count: number, inapplicable: number, seed: number): PromoRule[] {
  const r = prng(seed);
  const skus = (n: number) => Array.from({ length: n }, () => sku(r.int(0, CATALOG_SIZE - 1)));
  const rules: PromoRule[] = [];
  for (let i = 0; i < count; i++) {
    const roll = r.next();
    const base: PromoRuleInput = { id: 0, name: `Rule ${i}`, active: true, priority: r.int(0, 100) };
    let rule: PromoRuleInput;
    if (roll < 0.4)
      rule = { ...base, id: r.pick([0, 1, 2]), actionItems: skus(r.int(1, 6)), actionQuantity: { max: 10 } };
    else if (roll < 0.5) rule = { ...base, id: 8, conditionItems: skus(3), actionItems: skus(2) };
    else if (roll < 0.6)
      rule = { ...base, id: 7, conditionItems: skus(4), actionItems: skus(2), conditionQuantity: { min: 2 } };
    else if (roll < 0.67) rule = { ...base, id: 9, conditionItems: skus(8), conditionQuantity: { min: 3 } };
    else if (roll < 0.75)
      rule = { ...base, id: 11, conditionItems: skus(5), actionItems: skus(1), autoAdd: true };
    else if (roll < 0.82) rule = { ...base, id: 12, conditionItems: skus(5), actionItems: skus(3) };
    else if (roll < 0.9)
      rule = {
        ...base,
        id: 25,
        conditionItems: skus(10),
        tiers: [{ min: 2, discountValue: both(0.05, 0.05) }],
      };
    else if (roll < 0.94)
      rule = { ...base, id: 20, actionItems: skus(3), volumeAdjustment: { mode: 'scale', PV: 2 } };
    else if (roll < 0.97)
      rule = { ...base, id: r.pick([5, 6]), spendThreshold: both(r.int(50, 300) * 100, 40000) };
    else rule = { ...base, id: r.pick([16, 17, 18]), spendThreshold: both(r.int(50, 150) * 100, 20000) };
    rule.discountValue = [1, 2, 4, 6, 9, 17].includes(rule.id)
      ? both(r.int(1, 20) * 100, 2000)
      : both(0.1, 0.1);
    if (r.next() < inapplicable) {
      const why = r.int(0, 3);
      if (why === 0) rule.regionId = [2];
      else if (why === 1) rule.userTypes = [1, 4];
      else if (why === 2) rule.timestamps = { start: NOW - 90 * 86400, end: NOW - 30 * 86400 };
      else rule.code = [`CODE${i}`];
    }
    rules.push(defineRule(rule));
  }
  return rules;
}

function generateCart(lines: number, seed: number): PricingInput {
  const r = prng(seed);
  return {
    now: NOW,
    regionId: 1,
    userType: 3,
    channel: 'WEB',
    lines: Array.from({ length: lines }, (_, i) => {
      const price = r.int(12, 90) * 100;
      const d = price / 100;
      return {
        sku: sku((i * 97 + r.int(0, 96)) % CATALOG_SIZE),
        quantity: r.int(1, 3),
        price,
        memberPrice: Math.round(price * 0.9),
        volumes: { CV: d * 0.8, PV: d, QV: d, NV: d * 0.9, SV: d },
      };
    }),
    promoTags: [{ code: 'WELCOME', fromCheckout: true }],
    shipping: {
      method: 3,
      rates: [
        { method: 3, amount: 895 },
        { method: 5, amount: 1495 },
        { method: 6, amount: 2495 },
      ],
    },
    productCredit: { requested: 1000, balance: 2500 },
    volumeTables: { fullVolumeSku: sku(1), listA: [], listB: [] },
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Median milliseconds per pricing, after a warm-up, over enough runs to fill about `budgetMs`. */
function measure(
  input: PricingInput,
  compiled: CompiledRules,
  budgetMs = 400,
): { median: number; runs: number } {
  for (let i = 0; i < 50; i++) priceCart(input, compiled);
  const times: number[] = [];
  const started = performance.now();
  while (times.length < 30 || (performance.now() - started < budgetMs && times.length < 5000)) {
    const t = performance.now();
    priceCart(input, compiled);
    times.push(performance.now() - t);
  }
  return { median: median(times), runs: times.length };
}

interface Scenario {
  name: string;
  lines: number;
  rules: number;
  inapplicable: number;
  targetMs: number;
}

const SCENARIOS: Scenario[] = [
  { name: 'cart20_rules1k', lines: 20, rules: 1000, inapplicable: 0, targetMs: 1 },
  { name: 'cart50_rules20k_mostly_inapplicable', lines: 50, rules: 20000, inapplicable: 0.9, targetMs: 5 },
  { name: 'cart200_rules1k', lines: 200, rules: 1000, inapplicable: 0, targetMs: 10 },
];

const compiledCache = new Map<string, { compiled: CompiledRules; compileMs: number }>();
function compiledFor(rules: number, inapplicable: number) {
  const key = `${rules}/${inapplicable}`;
  let hit = compiledCache.get(key);
  if (!hit) {
    const list = generateRules(rules, inapplicable, 7 + rules);
    const t = performance.now();
    const compiled = compileRules(list);
    hit = { compiled, compileMs: performance.now() - t };
    compiledCache.set(key, hit);
  }
  return hit;
}

const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(4) : ms.toFixed(3));
const results: Record<string, number> = {};
const targetRows: string[] = [];
for (const s of SCENARIOS) {
  const { compiled, compileMs } = compiledFor(s.rules, s.inapplicable);
  const input = generateCart(s.lines, 11 + s.lines);
  const { median: ms, runs } = measure(input, compiled);
  const all = measure({ ...input, explain: 'all' }, compiled, 200).median;
  const out = priceCart(input, compiled);
  const applied = out.explanations.filter((e) => e.applied).length;
  results[s.name] = Number(ms.toFixed(4));
  targetRows.push(
    `| ${s.name} | ${s.lines} | ${s.rules} | ${out.explanations.length} | ${applied} | < ${s.targetMs} | ${fmt(ms)} | ${(ms / s.targetMs).toFixed(3)} | ${fmt(all)} | ${compileMs.toFixed(1)} | ${runs} |`,
  );
  console.log(
    `${s.name}: median ${fmt(ms)} ms (target < ${s.targetMs} ms, ${runs} runs); explain all ${fmt(all)} ms`,
  );
}

const RULE_COUNTS = [100, 1000, 5000, 20000];
const LINE_COUNTS = [5, 20, 50, 200];
const scaling: string[] = [
  `| rules \\ lines | ${LINE_COUNTS.join(' | ')} |`,
  `|---|${LINE_COUNTS.map(() => '---').join('|')}|`,
];
for (const rules of RULE_COUNTS) {
  const { compiled } = compiledFor(rules, 0);
  const row = LINE_COUNTS.map((lines) => fmt(measure(generateCart(lines, 11 + lines), compiled, 150).median));
  scaling.push(`| ${rules} | ${row.join(' | ')} |`);
  console.log(`scaling ${rules} rules: ${row.join(' ')} ms`);
}

const section = [
  '## Pricing engine',
  '',
  `Run with \`npx tsx bench/pricing.bench.ts\` on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), Node ${process.version}.`,
  'Seeded rule sets (active, mostly SKU-targeted item, gift, bundle and tier promos, a few cart-wide',
  'threshold and shipping promos) and carts; rules compiled once, as the server caches them.',
  'Median of many runs after a 50-run warm-up. "considered" is the rules the index retrieved and explained;',
  '"explain all" prices the same cart with an explanation for every rule (the promo tool simulator).',
  '',
  '### Targets',
  '',
  '| scenario | lines | rules | considered | applied | target ms | median ms | ratio | explain all ms | compile ms | runs |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...targetRows,
  '',
  '### Scaling (median ms, all rules applicable by region, user type, window and code)',
  '',
  ...scaling,
  '',
  '### Against the published anchors',
  '',
  'Their figures come from their own hardware and data, so these are orders of magnitude, not a like-for-like race.',
  '',
  `- Medusa reports about 300 ms to compute promotions with 20,000 promotions (after a 10–40× fix): here a`,
  `  50-line cart against 20,000 rules takes ${fmt(results.cart50_rules20k_mostly_inapplicable ?? Number.NaN)} ms, about ${Math.round(300 / (results.cart50_rules20k_mostly_inapplicable ?? Number.NaN))}× less.`,
  `- Saleor adds 0.2–0.3 s per checkout step with 100 rules: here 1,000 rules on a 20-line cart take`,
  `  ${fmt(results.cart20_rules1k ?? Number.NaN)} ms.`,
  '- Vendure users report seconds for large orders: here 200 lines against 1,000 rules take',
  `  ${fmt(results.cart200_rules1k ?? Number.NaN)} ms.`,
  '',
].join('\n');

const resultsPath = join(dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
const previous = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '# Benchmark results\n';
const start = previous.indexOf('## Pricing engine');
const after = start < 0 ? -1 : previous.indexOf('\n## ', start + 1);
const next =
  start < 0
    ? `${previous.trimEnd()}\n\n${section}`
    : `${previous.slice(0, start)}${section}${after < 0 ? '' : previous.slice(after + 1)}`;
writeFileSync(resultsPath, next);
console.log(JSON.stringify(results));
