// One-time links (password, email confirmation …) reach only their recipient (ADR 017). A link is
// a SecretLink from the moment it is made: turned into text (a template string, HTML, JSON) it is
// a placeholder, so whatever a template does with it, the stored email shows the placeholder. Only
// the outbox's delivery step puts the real address back, just before the mailer sends it.

const PLACEHOLDER_END = 'sent to the recipient only]';
/** Any placeholder in stored text: `[password link: sent to the recipient only]`. */
export const PLACEHOLDER_PATTERN = /\[[a-z -]+: sent to the recipient only\]/g;

export class SecretLink {
  readonly #url: string;
  /** What the link is, in words staff read ("password link"); shown in its place. */
  readonly what: string;
  /** When the link stops working; the held copy is of no use after that. */
  readonly expiresAt: Date;

  constructor(url: string, what: string, expiresAt: Date) {
    if (!/^[a-z -]+$/.test(what)) throw new Error(`A secret link is described in plain words: ${what}`);
    this.#url = url;
    this.what = what;
    this.expiresAt = expiresAt;
  }

  get placeholder(): string {
    return `[${this.what}: ${PLACEHOLDER_END}`;
  }

  toString(): string {
    return this.placeholder;
  }

  toJSON(): string {
    return this.placeholder;
  }

  /** Node's console and loggers print the placeholder too. */
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return this.placeholder;
  }

  /** The real address: for the delivery step, and for the recipient's own answer (command line). */
  reveal(): string {
    return this.#url;
  }
}

// A safety net for links made without SecretLink: a query parameter whose name says it carries a
// secret. Such a link in an email's stored text, or in an event's payload, is refused (enqueue) and
// hidden (every reader of outbox rows), so a new template that forgets SecretLink fails loudly in
// its first test instead of showing its tokens in the Outbox.
const SECRET_WORDS = new Set(['token', 'secret', 'signature', 'sig', 'otp', 'nonce', 'password', 'pwd']);

/** Parameter names are split at `_`, `-`, `.` and camel case: `resetToken` → reset, token. */
function namesSecret(name: string): boolean {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .some((word) => SECRET_WORDS.has(word));
}

// `&amp;` (HTML) is a separator too; the value runs to the next separator, quote, space or bracket.
const QUERY_PARAM = /([?&#;])((?:amp;)?)([A-Za-z0-9_.-]+)=([^&#\s"'<>)\]]+)/g;

/** The first query parameter in the text whose name says it carries a secret, or null. */
export function findBareSecret(text: string): string | null {
  for (const match of text.matchAll(QUERY_PARAM)) {
    if (namesSecret(match[3]!)) return match[3]!;
  }
  return null;
}

export const HIDDEN_VALUE = '[hidden]';

/** The text with the value of every such parameter hidden (rows stored before ADR 017). */
export function hideBareSecrets(text: string): string {
  return text.replace(QUERY_PARAM, (whole, sep: string, amp: string, name: string) =>
    namesSecret(name) ? `${sep}${amp}${name}=${HIDDEN_VALUE}` : whole,
  );
}

/** Every string inside a JSON value, hidden the same way. */
export function hideBareSecretsIn<T>(value: T): T {
  if (typeof value === 'string') return hideBareSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => hideBareSecretsIn(v)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideBareSecretsIn(v)])) as T;
  return value;
}
