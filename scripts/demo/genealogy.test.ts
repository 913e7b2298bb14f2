import { describe, expect, it } from 'vitest';
import { COMPANY, Genealogy } from './genealogy';
import { Rng } from './rng';

describe('sponsor tree', () => {
  const size = 3000;
  const tree = new Genealogy(size);
  const rng = new Rng(42, 3);
  const enrollers: number[] = [];
  for (let idx = 0; idx < size; idx++) {
    rng.reseed(3, idx);
    enrollers.push(tree.placeConsultant(idx, rng).enrollerIdx);
  }

  it('is acyclic: every sponsor joined earlier, so every walk up ends at the company', () => {
    for (let idx = 0; idx < size; idx++) {
      const sponsor = tree.sponsorOf[idx] ?? COMPANY;
      expect(sponsor === COMPANY || sponsor < idx).toBe(true);
      expect(tree.uplineOf(idx).length).toBe((tree.depthOf[idx] ?? 0) - 1);
    }
  });

  it('is several levels deep with a wide company front line', () => {
    const depths = [...tree.depthOf];
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(6);
    expect(Math.max(...depths)).toBeLessThan(40);
    expect(depths.filter((d) => d === 1).length).toBeGreaterThan(20);
  });

  it('has the sponsor as enroller mostly, another upline sometimes', () => {
    let differ = 0;
    enrollers.forEach((enroller, idx) => {
      const sponsor = tree.sponsorOf[idx] ?? COMPANY;
      if (enroller === sponsor) return;
      differ++;
      expect(tree.uplineOf(idx)).toContain(enroller);
    });
    expect(differ).toBeGreaterThan(size * 0.05);
    expect(differ).toBeLessThan(size * 0.3);
  });
});
