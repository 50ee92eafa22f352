import type { CardLang } from './labels.ts';

// The "Kontakt austauschen" form on the public card (issue 28), in the card's language. Imported
// only by the form's own chunk (web/src/public/contact-form.ts): anything the page's entry imported
// too would become a chunk of its own and one more request on every first visit.

export interface ContactFormTexts {
  title: string;
  intro: (name: string) => string;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  reachHint: string;
  consent: (name: string) => string;
  privacy: string;
  send: string;
  sending: string;
  cancel: string;
  close: string;
  sent: (name: string) => string;
  required: string;
  emailOrPhone: string;
  consentMissing: string;
  invalidEmail: string;
  tooMany: string;
  failed: string;
  honeypot: string;
}

export const contactFormTexts: Record<CardLang, ContactFormTexts> = {
  de: {
    title: 'Kontakt austauschen',
    intro: (name) => `Hinterlassen Sie ${name || 'uns'} Ihre Kontaktdaten – ${name ? 'sie oder er meldet sich' : 'wir melden uns'} bei Ihnen.`,
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    company: 'Unternehmen',
    message: 'Nachricht',
    reachHint: 'Bitte E-Mail-Adresse oder Telefonnummer angeben.',
    consent: (name) => `Ich bin einverstanden, dass meine Angaben an ${name || 'das Unternehmen'} übermittelt und zur Kontaktaufnahme gespeichert werden. Die Einwilligung kann ich jederzeit widerrufen.`,
    privacy: 'Datenschutzerklärung',
    send: 'Senden',
    sending: 'Wird gesendet …',
    cancel: 'Abbrechen',
    close: 'Schließen',
    sent: (name) => `Vielen Dank! Ihre Kontaktdaten wurden an ${name || 'das Unternehmen'} übermittelt.`,
    required: 'Pflichtfeld',
    emailOrPhone: 'Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an',
    consentMissing: 'Bitte stimmen Sie der Übermittlung Ihrer Angaben zu',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    tooMany: 'Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.',
    failed: 'Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    honeypot: 'Dieses Feld bitte leer lassen',
  },
  en: {
    title: 'Exchange contact details',
    intro: (name) => `Leave your contact details for ${name || 'us'} and ${name ? 'they will' : 'we will'} get back to you.`,
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    message: 'Message',
    reachHint: 'Please give an email address or a phone number.',
    consent: (name) => `I agree that my details are passed on to ${name || 'the company'} and stored so they can contact me. I can withdraw my consent at any time.`,
    privacy: 'Privacy policy',
    send: 'Send',
    sending: 'Sending …',
    cancel: 'Cancel',
    close: 'Close',
    sent: (name) => `Thank you! Your details have been sent to ${name || 'the company'}.`,
    required: 'Required',
    emailOrPhone: 'Please give an email address or a phone number',
    consentMissing: 'Please agree to your details being passed on',
    invalidEmail: 'Please enter a valid email address',
    tooMany: 'Too many requests. Please try again in a few minutes.',
    failed: 'Your message could not be sent. Please try again.',
    honeypot: 'Please leave this field empty',
  },
};
