import {
  customerSiteLink,
  type EmailLocale,
  languageOf,
  renderCustomerEmail,
} from '../../platform/customer-email';
import type { EmailInput } from '../../platform/outbox';

// The account emails of spec 1 §4 (resend terms acceptance, reset password), in the customer's
// language, each with its link to the customer site (CUSTOMER_SITE_URL). Neither carries a token:
// the customer site's terms and forgot-password pages do their own (ADR 017).

/** The customer site's pages these emails send the customer to. */
export const CUSTOMER_PAGES = { terms: '/terms/accept', forgotPassword: '/forgotpassword' } as const;

interface Recipient {
  uid: string;
  firstName: string;
  to: string;
  locale: EmailLocale;
  customerSiteUrl: string;
}

const WORDS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    terms: {
      subject: 'Please accept our terms and conditions',
      title: 'Your membership terms and conditions',
      body: 'Please review and accept the terms and conditions of your membership to keep its benefits.',
      action: 'Review and accept',
      footer: 'Sent at your request by Customer Service',
    },
    reset: {
      subject: 'Reset your password',
      title: 'Reset your password',
      body: 'Customer Service sent you this email so you can choose a new password. Use the button below to get your reset link.',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, you can ignore this email: your password stays as it is.',
    },
  },
  fr: {
    hello: (name: string) => `Bonjour ${name},`,
    terms: {
      subject: 'Veuillez accepter nos conditions générales',
      title: 'Les conditions générales de votre adhésion',
      body: 'Veuillez lire et accepter les conditions générales de votre adhésion pour en conserver les avantages.',
      action: 'Lire et accepter',
      footer: 'Envoyé à votre demande par le Service à la clientèle',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe',
      title: 'Réinitialisez votre mot de passe',
      body: 'Le Service à la clientèle vous envoie ce courriel pour que vous puissiez choisir un nouveau mot de passe. Utilisez le bouton ci-dessous pour obtenir votre lien de réinitialisation.',
      action: 'Choisir un nouveau mot de passe',
      footer: 'Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.',
    },
  },
} as const;

/** One customer email asking for one action on the customer site: its words, its link, its button. */
function actionEmail(
  r: Recipient,
  kind: 'terms' | 'reset',
  { template, url, payload }: { template: string; url: string; payload: Record<string, unknown> },
): EmailInput {
  const hello = WORDS[languageOf(r.locale)].hello(r.firstName);
  const w = WORDS[languageOf(r.locale)][kind];
  return {
    template,
    to: r.to,
    subject: w.subject,
    ...renderCustomerEmail(
      { title: w.title, paragraphs: [hello, w.body], action: { label: w.action, url }, footer: w.footer },
      r.locale,
    ),
    payload: { uid: r.uid, ...payload, locale: r.locale },
    entityId: r.uid,
  };
}

/** Terms and conditions acceptance: links to the customer site's terms page for this account. */
export function termsAcceptanceEmail(r: Recipient): EmailInput {
  const url = customerSiteLink(r.customerSiteUrl, CUSTOMER_PAGES.terms, r.locale, { account: r.uid });
  return actionEmail(r, 'terms', { template: 'customer.termsAcceptance', url, payload: { url } });
}

/** Reset password: links to the customer site's forgot-password page, which mails the reset token. */
export function passwordResetEmail(r: Recipient): EmailInput {
  const url = customerSiteLink(r.customerSiteUrl, CUSTOMER_PAGES.forgotPassword, r.locale, { email: r.to });
  return actionEmail(r, 'reset', { template: 'customer.passwordReset', url, payload: {} });
}
