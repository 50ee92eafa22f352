// Texts of the public QR wallet page /qr/:id/:signature (spec §2), apart from the back-office
// catalogue so the page loads only these words. The catalogue shows them as msg.wallet.qr.
export const walletQrTexts = {
  choose: '(wählen sie Ihr Betriebssystem)',
  apple: 'Apple',
  android: 'Android',
  qrOf: (platform: string) => `QR-Code für ${platform}`,
  addApple: 'Zu Apple Wallet hinzufügen',
  addGoogle: 'Zu Google Wallet hinzufügen',
  notFound: 'Karte nicht gefunden',
  loadFailed: 'Karte konnte nicht geladen werden',
  retry: 'Erneut versuchen',
  impressum: 'Impressum',
  datenschutz: 'Datenschutz',
  documentTitle: 'Wallet',
} as const;
