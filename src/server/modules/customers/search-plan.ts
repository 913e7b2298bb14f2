// How a name query is searched (spec 1 §2 Customer search, §5): a list of tiers, best first.
// Each tier is one index-ordered scan; the repository takes rows tier by tier (each tier
// excluding what an earlier tier already matched) until the page is full. The similar-spelling
// (trigram) tier comes last and only when nothing matched exactly or as a prefix: a typo still
// finds someone, and a name that is found never pays for the costly fuzzy scan.

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
  | { kind: 'fuzzyWord'; text: string; threshold: number }
  | { kind: 'fuzzyFull'; text: string; threshold: number };

/** Word similarity (pg_trgm `<%`) a one-word typo needs: "jonson" finds "johnson" (0.71). */
export const FUZZY_WORD_THRESHOLD = 0.5;
/**
 * A four-letter word has five trigrams: at 0.5 two shared ones (a first letter and an ending)
 * would pass the index for thousands of unrelated names, so short words need more in common.
 */
export const FUZZY_SHORT_WORD_THRESHOLD = 0.7;
/** Similarity (pg_trgm `%`) of the whole name: "jonh smith" finds "john smith" (0.57). */
export const FUZZY_FULL_THRESHOLD = 0.4;
/** Shorter text has too few trigrams to tell a typo from noise. */
const FUZZY_MIN_LENGTH = 4;
/**
 * Rows that pass the similarity test and are then ranked: a typo of a common name matches
 * thousands of rows equally well, and ranking them all would cost a heap read each.
 */
export const FUZZY_CANDIDATES = 500;

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
    return [
      ...nameTiers(first, last),
      { kind: 'fuzzyFull', text: `${first} ${last}`, threshold: FUZZY_FULL_THRESHOLD },
    ];
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
    if (text.length >= FUZZY_MIN_LENGTH) {
      const threshold = text.length <= FUZZY_MIN_LENGTH ? FUZZY_SHORT_WORD_THRESHOLD : FUZZY_WORD_THRESHOLD;
      tiers.push({ kind: 'fuzzyWord', text, threshold });
    }
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
  tiers.push({ kind: 'fuzzyFull', text, threshold: FUZZY_FULL_THRESHOLD });
  return tiers;
}

/**
 * The first string after every string that starts with `prefix`, in "C" (code point) order:
 * `col >= prefix and col < upper` is the prefix match as an index range.
 */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** A name on file close to a typed word, with its trigram similarity (0 … 1). */
export interface CloseWord {
  word: string;
  similarity: number;
}

/** Similarity a name on file needs to a typed word (pg_trgm's own default): "boer" → "boyer" (0.375), "jonson" → "johnson" (0.56). */
export const CLOSE_WORD_SIMILARITY = 0.3;
/** Names on file compared with a typed word: those sharing its first letters (typos seldom start a word). */
export const CLOSE_WORD_PREFIX = 2;
/** Distinct names on file read per typed word at most (one index probe each). */
export const CLOSE_WORD_SCAN = 2000;
/** How many close names per typed word are searched. */
export const CLOSE_WORDS = 5;

/**
 * Exact tiers for the names on file that are spelled like the typed ones, best first:
 * one word → each close last name, then each close first name, by similarity;
 * two words → each (first, last) pair of close names by the sum of similarities, the typed
 * spelling of each word counting as a perfect match.
 */
export function closeNameTiers(
  tier: Extract<SearchTier, { kind: 'fuzzyWord' | 'fuzzyFull' }>,
  close: { first: readonly CloseWord[]; last: readonly CloseWord[] },
): SearchTier[] {
  if (tier.kind === 'fuzzyWord') {
    const words = [
      ...close.last.map((c) => ({ ...c, tier: { kind: 'lastExact', last: c.word } as SearchTier })),
      ...close.first.map((c) => ({ ...c, tier: { kind: 'firstExact', first: c.word } as SearchTier })),
    ].filter((c) => c.word !== tier.text);
    return words.sort((a, b) => b.similarity - a.similarity).map((c) => c.tier);
  }
  const [first, last] = splitFullName(tier.text);
  const firsts = [{ word: first, similarity: 1 }, ...close.first.filter((c) => c.word !== first)];
  const lasts = [{ word: last, similarity: 1 }, ...close.last.filter((c) => c.word !== last)];
  const pairs = firsts.flatMap((f) => lasts.map((l) => ({ f, l, score: f.similarity + l.similarity })));
  return pairs
    .filter((p) => p.f.word !== first || p.l.word !== last)
    .sort((a, b) => b.score - a.score)
    .map((p) => ({ kind: 'fullExact', first: p.f.word, last: p.l.word }));
}

/** "first last …": the first word and the rest. */
export function splitFullName(text: string): [string, string] {
  const at = text.indexOf(' ');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

/** Where the requested page starts and how many rows it holds. */
export function pageWindow(page: number, limit: number): { skip: number; take: number } {
  return { skip: (page - 1) * limit, take: limit };
}
