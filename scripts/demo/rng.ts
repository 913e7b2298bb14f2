import { en, en_US, Faker, type Randomizer } from '@faker-js/faker';

// Seeded randomness for the demo generator. Every entity draws from a stream keyed by
// (seed, stream, index), so the same account comes out the same whatever the chunk size and
// whichever entity was generated before it. Faker's Mersenne Twister takes ~25 µs to seed, too
// slow to reseed per account at a million accounts, so the streams use sfc32 (seeded in O(1))
// behind Faker's Randomizer interface.

/** Stream ids: one per kind of entity that is generated independently of the others. */
export const STREAM = {
  catalog: 1,
  staff: 2,
  account: 3,
  accountUid: 4,
  popups: 5,
  orders: 6,
  reference: 7,
  promos: 8,
  incentives: 9,
  batches: 10,
  sequence: 11,
} as const;

/** 32-bit integer mix (splitmix32 finaliser): spreads nearby inputs over the whole range. */
export function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A uniform [0, 1) value that depends only on its inputs: for decisions made in several places. */
export function hashUnit(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) h = mix32(h ^ mix32(p | 0) ^ Math.floor(p / 0x100000000));
  return h / 0x100000000;
}

/** sfc32: small, fast and good enough for demo data; reseeding costs a few operations. */
class Sfc32 implements Randomizer {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  // Faker may call these detached from the object, so they are bound.
  seed = (seed: number | number[]): void => {
    const parts = Array.isArray(seed) ? seed : [seed];
    let h = 0x2545f491;
    for (const p of parts) h = mix32(h ^ mix32(p | 0) ^ Math.floor(p / 0x100000000));
    this.a = h;
    this.b = mix32(h ^ 0x6a09e667);
    this.c = mix32(h ^ 0xbb67ae85);
    this.d = 1;
    // Discard the first outputs so that close seeds diverge.
    for (let i = 0; i < 12; i++) this.nextUint32();
  };

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next = (): number => this.nextUint32() / 0x100000000;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type Weighted<T> = readonly (readonly [T, number])[];

/** A seeded stream with the helpers the generator needs, plus Faker for names and text. */
export class Rng {
  private readonly randomizer = new Sfc32();
  readonly faker: Faker;

  constructor(
    readonly baseSeed: number,
    stream: number,
    index = 0,
  ) {
    this.faker = new Faker({ locale: [en_US, en], randomizer: this.randomizer });
    this.reseed(stream, index);
  }

  /** Points the stream at another entity: the output depends only on (baseSeed, stream, index). */
  reseed(stream: number, index: number): this {
    this.randomizer.seed([this.baseSeed, stream, index]);
    return this;
  }

  float(): number {
    return this.randomizer.next();
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.randomizer.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.randomizer.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.randomizer.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  weighted<T>(items: Weighted<T>): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.randomizer.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** Distinct items, in draw order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const i = Math.floor(this.randomizer.next() * pool.length);
      out.push(pool.splice(i, 1)[0] as T);
    }
    return out;
  }

  /** Mixed-case letters and digits, like document ids (20) and cart ids (28). */
  alphanumeric(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(this.randomizer.next() * 62)];
    return out;
  }

  upperAlphanumeric(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += UPPER_DIGITS[Math.floor(this.randomizer.next() * 36)];
    return out;
  }

  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(this.randomizer.next() * 10);
    return out;
  }

  /** Version-4-shaped UUID from the stream (staff ids). */
  uuid(): string {
    const hex = (n: number) => {
      let s = '';
      for (let i = 0; i < n; i++) s += Math.floor(this.randomizer.next() * 16).toString(16);
      return s;
    };
    const variant = (8 + Math.floor(this.randomizer.next() * 4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
  }
}
