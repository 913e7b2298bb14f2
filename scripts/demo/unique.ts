// Readable unique keys (emails, personal website keys) without remembering every key: the plain
// form is used while it is free, and the account number is appended otherwise, which is unique
// by construction. The set of plain keys is capped so memory stays bounded at any size.

const MAX_REMEMBERED = 200_000;

export class UniqueKeys {
  private readonly used = new Set<string>();

  /** `plain` must not end in a digit, so that `${plain}${accountNumber}` never meets a plain key. */
  claim(plain: string, accountNumber: number): string {
    const key = plain.toLowerCase();
    if (this.used.size < MAX_REMEMBERED && !this.used.has(key)) {
      this.used.add(key);
      return plain;
    }
    return `${plain}${accountNumber}`;
  }
}

/** Letters only, lower case: "Mary-Kate O'Neil" → "marykateoneil". */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
