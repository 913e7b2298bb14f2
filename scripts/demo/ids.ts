import { mix32 } from './rng';

// Unique numbers that look random: a keyed Feistel permutation of the sequence 0, 1, 2 …
// over the id range, with cycle walking to stay inside it. Unique by construction, so no set of
// used ids has to be kept in memory, whatever the size of the company.

function feistel(value: number, halfBits: number, key: number): number {
  const mask = (1 << halfBits) - 1;
  let left = Math.floor(value / (1 << halfBits)) & mask;
  let right = value & mask;
  for (let round = 0; round < 4; round++) {
    const f = mix32(right ^ mix32(key + round)) & mask;
    const next = left ^ f;
    left = right;
    right = next;
  }
  return left * (1 << halfBits) + right;
}

/** A permutation of [0, size): permute(i) is distinct for every distinct i below size. */
export function permute(index: number, size: number, key: number): number {
  if (index < 0 || index >= size) throw new Error(`index ${index} outside [0, ${size})`);
  let bits = 2;
  while (2 ** bits < size) bits += 2;
  const halfBits = bits / 2;
  let value = index;
  do value = feistel(value, halfBits, key);
  while (value >= size);
  return value;
}

const ORDER_ID_MIN = 1_000_000;
const ORDER_ID_COUNT = 9_000_000;
const PHOENIX_ORDER_ID_MIN = 100_000_000;
const PHOENIX_ORDER_ID_COUNT = 900_000_000;

/** The most orders one run can number with 7-digit order ids. */
export const MAX_ORDERS = ORDER_ID_COUNT;

/** 7-digit order number of the n-th generated order. */
export function orderNumber(n: number, seed: number): number {
  return ORDER_ID_MIN + permute(n, ORDER_ID_COUNT, seed ^ 0x5eed0001);
}

/** 9-digit downstream (Phoenix) order number of the n-th exported order. */
export function phoenixOrderNumber(n: number, seed: number): number {
  return PHOENIX_ORDER_ID_MIN + permute(n, PHOENIX_ORDER_ID_COUNT, seed ^ 0x5eed0002);
}
