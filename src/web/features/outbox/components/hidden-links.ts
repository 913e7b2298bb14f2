// One-time links (password, email confirmation) reach only their recipient; the Outbox keeps a
// placeholder where each goes (ADR 017).

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'An' : 'A');

/** "A password link was sent to the recipient only; the Outbox never shows it." */
export function hiddenLinksSentence(kinds: string[]): string | null {
  if (kinds.length === 0) return null;
  const [first] = kinds;
  const what = kinds.length === 1 ? `${article(first!)} ${first} was` : `${kinds.length} one-time links were`;
  const them = kinds.length === 1 ? 'it' : 'them';
  return `${what} sent to the recipient only; the Outbox never shows ${them}.`;
}

/** The short form for the list: "password link hidden". */
export const hiddenLinksLabel = (kinds: string[]) =>
  kinds.length === 0 ? null : kinds.length === 1 ? `${kinds[0]} hidden` : `${kinds.length} links hidden`;

const HIDDEN_HREF = /href="\[[a-z -]+: sent to the recipient only\]"/g;

/**
 * The stored HTML for the preview frame: a hidden link's button points nowhere instead of at its
 * placeholder text (which the frame would try to open as an address).
 */
export const previewHtml = (html: string) => html.replace(HIDDEN_HREF, 'href="#"');
