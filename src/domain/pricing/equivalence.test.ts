// The engine reproduces its recorded output: about 3,000 seeded carts over the fixture
// catalogue, priced against the demo rules and generated rule sets, must give byte-identical JSON
// (one digest per cart in fixtures/equivalence.generated.json, a few outputs in full).
import { describe, expect, it } from 'vitest';
import { digest, equivalenceSets, outcomeText } from './fixtures/equivalence';
import recorded from './fixtures/equivalence.generated.json';
import { compileRules, priceCart } from './index';

describe('pricing equivalence with the recorded engine output', () => {
  const sets = equivalenceSets();
  const texts: string[] = [];
  for (const set of sets) {
    const compiled = compileRules(set.rules);
    for (const input of set.carts) texts.push(outcomeText(() => priceCart(input, compiled)));
  }

  it('prices the same number of cases', () => {
    expect(texts.length).toBe(recorded.cases);
    expect(recorded.digests.length).toBe(recorded.cases);
  });

  it('reproduces every recorded output exactly', () => {
    const differing = texts.flatMap((text, i) => (digest(text) === recorded.digests[i] ? [] : [i]));
    expect(differing.slice(0, 20)).toEqual([]);
  });

  it('reproduces the outputs kept in full', () => {
    const full = recorded.full as Record<string, unknown>;
    expect(Object.keys(full).length).toBeGreaterThan(3);
    for (const [index, output] of Object.entries(full)) {
      expect(JSON.parse(texts[Number(index)] ?? 'null')).toEqual(output);
    }
  });

  it('prices compiled rules and a plain rule list alike', () => {
    for (const set of sets.filter((_, i) => i % 6 === 0)) {
      const compiled = compileRules(set.rules);
      for (const input of set.carts.slice(0, 10)) {
        expect(outcomeText(() => priceCart(input, set.rules))).toBe(
          outcomeText(() => priceCart(input, compiled)),
        );
      }
    }
  });
});
