import type { Mailer, MailMessage } from '../platform/mailer';

/**
 * The recipients' side of the mail server in API tests: what the outbox worker sent, as the
 * recipient reads it. Since one-time links never show in the Outbox (ADR 017), this is where a test
 * that follows a link finds it, as a person would in their mailbox.
 */
export interface Mailbox {
  mailer: Mailer;
  sent: MailMessage[];
  /** The link of the newest email to `to` whose text matches `pattern` (e.g. /\/resetpassword\?token=/). */
  link(to: string, pattern: RegExp): string | null;
  /** The token of that link (its `token` parameter). */
  token(to: string, pattern?: RegExp): string | null;
}

const URL_IN_TEXT = /https?:\/\/[^\s<>"]+/g;

export function mailbox(): Mailbox {
  const sent: MailMessage[] = [];
  let n = 0;
  const box: Mailbox = {
    sent,
    mailer: {
      async send(message) {
        sent.push(message);
        return `<test-${++n}@mailbox.test>`;
      },
      close() {},
    },
    link(to, pattern) {
      for (const message of [...sent].reverse()) {
        if (message.to.toLowerCase() !== to.toLowerCase()) continue;
        const found = [...message.text.matchAll(URL_IN_TEXT)]
          .map((m) => m[0])
          .find((url) => pattern.test(url));
        if (found) return found;
      }
      return null;
    },
    token(to, pattern = /[?&]token=/) {
      const url = box.link(to, pattern);
      return url ? new URL(url).searchParams.get('token') : null;
    },
  };
  return box;
}
