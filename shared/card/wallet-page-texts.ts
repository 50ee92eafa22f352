import type { CardLang } from './labels.ts';
// Texts of the public QR wallet page /qr/:id/:signature (spec §2), apart from the back-office
// catalogue so the page loads only these words. The catalogue shows the German ones as msg.wallet.qr.
// 'wählen Sie' (capital S, the formal address) deliberately differs from the spec's 'wählen sie' (issue 23).

export interface WalletQrTexts {
  choose: string;
  apple: string;
  android: string;
  qrOf: (platform: string) => string;
  addApple: string;
  addGoogle: string;
  /** Shown instead of a platform's button when that wallet is not set up on this server. */
  unavailable: (platform: string) => string;
  /** Shown when no wallet is set up at all. */
  noneAvailable: string;
  toCard: string;
  impressum: string;
  datenschutz: string;
  logoOf: (company: string) => string;
  documentTitle: string;
}

export const walletQrTextsByLang: Record<CardLang, WalletQrTexts> = {
  de: {
    choose: '(wählen Sie Ihr Betriebssystem)',
    apple: 'Apple',
    android: 'Android',
    qrOf: (platform) => `QR-Code für ${platform}`,
    addApple: 'Zu Apple Wallet hinzufügen',
    addGoogle: 'Zu Google Wallet hinzufügen',
    unavailable: (platform) => `Für ${platform} gibt es diese Karte im Moment nicht als Wallet-Karte.`,
    noneAvailable: 'Diese Karte gibt es im Moment nicht als Wallet-Karte. Sie können sie aber als Kontakt speichern.',
    toCard: 'Zur Visitenkarte',
    impressum: 'Impressum',
    datenschutz: 'Datenschutz',
    logoOf: (company) => `Logo ${company}`,
    documentTitle: 'Wallet',
  },
  en: {
    choose: '(choose your operating system)',
    apple: 'Apple',
    android: 'Android',
    qrOf: (platform) => `QR code for ${platform}`,
    addApple: 'Add to Apple Wallet',
    addGoogle: 'Add to Google Wallet',
    unavailable: (platform) => `This card is not available as a wallet pass for ${platform} at the moment.`,
    noneAvailable: 'This card is not available as a wallet pass at the moment. You can still save it as a contact.',
    toCard: 'Open the business card',
    impressum: 'Legal notice',
    datenschutz: 'Privacy policy',
    logoOf: (company) => `${company} logo`,
    documentTitle: 'Wallet',
  },
};

/** The German texts (msg.wallet.qr in the back-office catalogue). */
export const walletQrTexts = walletQrTextsByLang.de;
