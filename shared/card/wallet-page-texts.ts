import { cardPageTexts } from './page-texts.ts';
// Texts of the public QR wallet page /qr/:id/:signature (spec §2), apart from the back-office
// catalogue so the page loads only these words. The catalogue shows them as msg.wallet.qr.
export const walletQrTexts = {
  choose: '(wählen sie Ihr Betriebssystem)',
  apple: 'Apple',
  android: 'Android',
  qrOf: (platform: string) => `QR-Code für ${platform}`,
  addApple: 'Zu Apple Wallet hinzufügen',
  addGoogle: 'Zu Google Wallet hinzufügen',
  // The same words as the card page when the card is missing or does not load.
  notFound: cardPageTexts.notFound,
  loadFailed: cardPageTexts.loadFailed,
  retry: cardPageTexts.retry,
  impressum: 'Impressum',
  datenschutz: 'Datenschutz',
  documentTitle: 'Wallet',
} as const;
