import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

// The staff's mailboxes in browser tests. The server under test sends its email over SMTP to a
// small server started with the run (playwright.config.ts), which writes each message into a
// folder; a test reads a link there as the recipient would. The Outbox screen never shows
// one-time links (ADR 017), so this is the only place a test finds them.

/** Started once by the runner; the tests find the folder in E2E_MAIL_DIR. */
export function startMailbox(dir: string, port: number) {
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const name = `${Date.now()}-${String(++n).padStart(6, '0')}.json`;
        // Written aside, then renamed: a reader never sees half a message.
        const part = path.join(dir, `${name}.part`);
        writeFileSync(part, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        renameSync(part, path.join(dir, name));
        callback();
      });
    },
  });
  smtp.listen(port, '127.0.0.1');
  smtp.server.unref();
}

/** Quoted-printable: joins soft line breaks and decodes =XX. */
const decodeQp = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function findLink(to: string, pattern: RegExp): string | null {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts');
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse();
  for (const name of names) {
    const mail = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { to: string[]; raw: string };
    if (!mail.to.includes(to.toLowerCase())) continue;
    const found = decodeQp(mail.raw)
      .match(/https?:\/\/[^\s<>"]+/g)
      ?.find((url) => pattern.test(url));
    if (found) return found.replaceAll('&amp;', '&');
  }
  return null;
}

/**
 * The newest link matching `pattern` in the mail `to` received (waits for the outbox worker).
 * `after`: only a link other than these (a second email of the same kind).
 */
export async function linkFromMailbox(
  to: string,
  pattern = /\/resetpassword\?token=/,
  after: string[] = [],
): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      () => {
        link = findLink(to, pattern);
        return link !== null && !after.includes(link);
      },
      { message: `an email to ${to} with a link like ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** The path and query of a link, to open it on the server under test. */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
