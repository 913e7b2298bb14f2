// One branded layout for every email, with a plain-text twin. The card is fluid up to 560 px
// and long links break, so the email fits a phone's mail app (and the Outbox preview at 375 px).

import type { SecretLink } from './secret-link';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface EmailContent {
  title: string;
  /** Paragraphs of plain text (escaped for HTML). */
  paragraphs: string[];
  /** A one-time link is a SecretLink: the email is stored with its placeholder (ADR 017). */
  action?: { label: string; url: string | SecretLink };
  footer?: string;
  /** The name in the heading and the default footer: the brand in customer email (BRAND_NAME). */
  sender?: string;
  /** The language of the layout's own words (the hint under the button); English by default. */
  language?: 'en' | 'fr';
}

const PASTE_HINT = {
  en: 'If the button does not work, paste this address into your browser:',
  fr: 'Si le bouton ne fonctionne pas, collez cette adresse dans votre navigateur :',
} as const;

/** The name staff email goes out under. */
export const BACK_OFFICE_NAME = 'Customer Service Back Office';

export function renderEmail(content: EmailContent): {
  html: string;
  text: string;
  secretLinks: SecretLink[];
} {
  const sender = content.sender ?? BACK_OFFICE_NAME;
  const paragraphs = content.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;color:#3b2f33">${escapeHtml(p)}</p>`,
    )
    .join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(String(content.action.url))}" style="background:#8c3b5c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#6d5f63;word-break:break-all">${PASTE_HINT[content.language ?? 'en']}<br>${escapeHtml(String(content.action.url))}</p>`
    : '';
  const footer = escapeHtml(content.footer ?? sender);
  const html = `<!doctype html><html lang="${content.language ?? 'en'}"><body style="margin:0;background:#f7f1f3;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:10px;overflow:hidden">
<tr><td style="background:#8c3b5c;padding:18px 28px;color:#ffffff;font-size:18px;font-weight:700">${escapeHtml(sender)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:20px;color:#2a2024">${escapeHtml(content.title)}</h1>
${paragraphs}${button}
</td></tr>
<tr><td style="padding:16px 28px;background:#faf6f7;font-size:12px;color:#8a7b80">${footer}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    sender,
    '',
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    content.footer ?? sender,
  ].join('\n');
  const url = content.action?.url;
  return { html, text, secretLinks: url && typeof url !== 'string' ? [url] : [] };
}
