// How a name query is searched (spec 1 §2 Customer search, §5): a list of tiers, best first.
// Each tier is one index-ordered scan; the repository takes rows tier by tier (each tier
// excluding what an earlier tier already matched) until the page is full, so a common name
// never pays for the fuzzy tier and a typo still finds someone.

export type SearchTier =
  /** Email equal to, or starting with, the text (index on lower(email) collate "C"). */
  | { kind: 'emailExact'; email: string }
  | { kind: 'emailPrefix'; prefix: string }
  /** One word: a last or a first name, equal or starting with it. */
  | { kind: 'lastExact'; last: string }
  | { kind: 'firstExact'; first: string }
  | { kind: 'lastPrefix'; last: string }
  | { kind: 'firstPrefix'; first: string }
  /** Two words or more: first name and last name, exact, then the last name as a prefix, then both. */
  | { kind: 'fullExact'; first: string; last: string }
  | { kind: 'firstExactLastPrefix'; first: string; last: string }
  | { kind: 'bothPrefix'; first: string; last: string }
  /** Trigram similarity for typos: one word against any word of the name, or the whole name. */
  | { kind: 'fuzzyWord'; text: string }
  | { kind: 'fuzzyFull'; text: string };

/** Word similarity (pg_trgm `<%`) a one-word typo needs: "jonson" finds "johnson" (0.71). */
export const FUZZY_WORD_THRESHOLD = 0.5;
/** Similarity (pg_trgm `%`) of the whole name: "jonh smith" finds "john smith" (0.57). */
export const FUZZY_FULL_THRESHOLD = 0.4;
/** Shorter text has too few trigrams to tell a typo from noise. */
const FUZZY_MIN_LENGTH = 3;

/** Lower case, single spaces, trimmed: the form every tier compares with lower(column). */
export function normalizeSearchText(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Text that can only be (part of) an email address. */
export const looksLikeEmail = (text: string): boolean => text.includes('@');

/** An email local part could start like this (no spaces, no commas). */
const EMAIL_START = /^[a-z0-9._%+'-]+$/;

function nameTiers(first: string, last: string): SearchTier[] {
  return [
    { kind: 'fullExact', first, last },
    { kind: 'firstExactLastPrefix', first, last },
    { kind: 'bothPrefix', first, last },
  ];
}

/** The tiers for a name or email query, in rank order. `raw` is what was typed. */
export function planNameSearch(raw: string): SearchTier[] {
  const text = normalizeSearchText(raw);
  if (!text) return [];
  if (looksLikeEmail(text)) {
    const email = text.replace(/\s/g, '');
    return [
      { kind: 'emailExact', email },
      { kind: 'emailPrefix', prefix: email },
    ];
  }
  const comma = text.indexOf(',');
  if (comma >= 0) {
    // "last, first"
    const last = text.slice(0, comma).trim();
    const first = text
      .slice(comma + 1)
      .trim()
      .replace(/,/g, ' ')
      .trim();
    if (!first && !last) return [];
    if (!first) return planNameSearch(last);
    if (!last) return planNameSearch(first);
    return [...nameTiers(first, last), { kind: 'fuzzyFull', text: `${first} ${last}` }];
  }
  const words = text.split(' ');
  if (words.length === 1) {
    const tiers: SearchTier[] = [
      { kind: 'lastExact', last: text },
      { kind: 'firstExact', first: text },
      { kind: 'lastPrefix', last: text },
      { kind: 'firstPrefix', first: text },
    ];
    if (EMAIL_START.test(text)) tiers.push({ kind: 'emailPrefix', prefix: text });
    if (text.length >= FUZZY_MIN_LENGTH) tiers.push({ kind: 'fuzzyWord', text });
    return tiers;
  }
  // "first last" (a last name may hold spaces), then the same words read as "last first".
  const first = words[0]!;
  const last = words.slice(1).join(' ');
  const tiers = nameTiers(first, last);
  if (words.length === 2) {
    tiers.push(
      { kind: 'fullExact', first: last, last: first },
      { kind: 'bothPrefix', first: last, last: first },
    );
  }
  tiers.push({ kind: 'fuzzyFull', text });
  return tiers;
}

/**
 * The first string after every string that starts with `prefix`, in "C" (code point) order:
 * `col >= prefix and col < upper` is the prefix match as an index range.
 */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Where the requested page starts and how many rows it holds. */
export function pageWindow(page: number, limit: number): { skip: number; take: number } {
  return { skip: (page - 1) * limit, take: limit };
}
