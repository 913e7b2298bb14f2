import { describe, expect, it } from 'vitest';
import { bands, labelEvery, niceTicks, tickStep } from './bar-scale';

describe('bar chart scale', () => {
  it('picks steps of 1, 2 or 5 × 10ⁿ, never below the minimum', () => {
    expect(tickStep(20, 4)).toBe(5);
    expect(tickStep(9, 4)).toBe(2);
    expect(tickStep(3, 4)).toBe(1);
    expect(tickStep(170, 4)).toBe(50);
    expect(tickStep(1_000, 4)).toBe(200);
  });

  it('ends the ticks on a whole step at or above the largest bar', () => {
    expect(niceTicks(20, 4)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(17, 4)).toEqual([0, 5, 10, 15, 20]);
    expect(niceTicks(3, 4)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 4)).toEqual([0, 1]);
  });

  it('spreads the bars across the width with gaps between them and half gaps at the ends', () => {
    const { starts, barWidth, step } = bands(14, 560, 0.2);
    expect(step).toBeCloseTo(40);
    expect(barWidth).toBeCloseTo(32);
    expect(starts[0]).toBeCloseTo(4);
    expect(starts[13]! + barWidth + 4).toBeCloseTo(560);
    expect(bands(0, 560).starts).toEqual([]);
  });

  it('thins the day labels until they no longer overlap', () => {
    expect(labelEvery(40, 38)).toBe(2);
    expect(labelEvery(80, 38)).toBe(1);
    expect(labelEvery(15, 38)).toBe(4);
  });
});
