import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** Sends and returns the SMTP message id. */
  send(message: MailMessage): Promise<string>;
  close(): void;
}

/** SMTP delivery when SMTP_URL is set (e.g. smtp://user:pass@host:587); otherwise no mailer. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport: Transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return String(info.messageId ?? '');
    },
    close: () => transport.close(),
  };
}
