// Wallet texts: server errors, the wallet page and (from shared/card) the public QR wallet page.
import { walletQrTexts } from '../card/wallet-page-texts.ts';

export const walletMessages = {
  errors: {
    cardNotFound: 'Karte nicht gefunden',
    badSignature: 'Der Link ist ungültig. Bitte scannen Sie den QR-Code erneut oder fordern Sie einen neuen an.',
    appleUnavailable: (missing: string) =>
      `Apple Wallet ist auf diesem Server nicht eingerichtet (es fehlt: ${missing}). Bitte wenden Sie sich an den Betreiber.`,
    googleUnavailable: (missing: string) =>
      `Google Wallet ist auf diesem Server nicht eingerichtet (es fehlt: ${missing}). Bitte wenden Sie sich an den Betreiber.`,
    appleConfigBroken: 'Die Apple-Wallet-Zertifikate sind ungültig oder passen nicht zusammen. Bitte wenden Sie sich an den Betreiber.',
    googleFailed: 'Google Wallet hat die Karte nicht angenommen. Bitte versuchen Sie es später erneut.',
    passAuth: 'Das Pass-Token fehlt oder ist falsch.',
    pushToken: 'pushToken fehlt',
  },
  page: {
    title: 'Wallet',
    apple: 'Zu Apple Wallet hinzufügen',
    google: 'Zu Google Wallet hinzufügen',
    creating: 'Wird erstellt …',
    appleFailed: 'Der Apple-Pass konnte nicht erstellt werden.',
    googleFailed: 'Der Google-Pass konnte nicht erstellt werden.',
    back: 'Zurück zur Übersicht',
    appleMissing: (missing: string) => `Apple Wallet ist auf diesem Server nicht eingerichtet. Es fehlt: ${missing}`,
    googleMissing: (missing: string) => `Google Wallet ist auf diesem Server nicht eingerichtet. Es fehlt: ${missing}`,
    popupBlocked: 'Der Browser hat das neue Fenster blockiert. Bitte erlauben Sie Pop-ups für diese Seite.',
  },
  qr: walletQrTexts,
  overview: {
    qrWallet: 'QR-Codes für die Wallet',
  },
} as const;
