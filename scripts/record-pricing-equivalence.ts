// Records the pricing engine's output for the equivalence cases (src/domain/pricing/fixtures/
// equivalence.ts): one digest per priced cart, and a few outputs in full. Run it only when the
// engine's output is meant to change: `npx tsx scripts/record-pricing-equivalence.ts`.
import { writeFileSync } from 'node:fs';
import { compileRules, priceCart } from '../src/domain/pricing';
import { digest, equivalenceSets, outcomeText } from '../src/domain/pricing/fixtures/equivalence';

const FULL_EVERY = 500;
const digests: string[] = [];
const full: Record<string, unknown> = {};
for (const set of equivalenceSets()) {
  const compiled = compileRules(set.rules);
  for (const input of set.carts) {
    const text = outcomeText(() => priceCart(input, compiled));
    if (digests.length % FULL_EVERY === 0)
      full[digests.length] = JSON.parse(text.startsWith('error') ? '{}' : text);
    digests.push(digest(text));
  }
}
const path = new URL('../src/domain/pricing/fixtures/equivalence.generated.json', import.meta.url);
writeFileSync(path, `${JSON.stringify({ cases: digests.length, digests, full })}\n`);
console.log(`recorded ${digests.length} priced carts, ${new Set(digests).size} distinct outputs`);
