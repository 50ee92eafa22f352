// Wallet texts: server errors, the wallet page and (from shared/card) the public QR wallet page.
import { walletQrTexts } from '../card/wallet-page-texts.ts';

export const walletMessages = {
  errors: {
    cardNotFound: 'Karte nicht gefunden',
    badSignature: 'Der Link ist ungültig. Bitte scannen Sie den QR-Code erneut oder fordern Sie einen neuen an.',
    // Never naming configuration (issue 23): what is missing is on the admins' Systemstatus screen and in the log.
    appleUnavailable: 'Apple Wallet ist auf diesem Server noch nicht eingerichtet. Bitte wenden Sie sich an Ihren Administrator.',
    googleUnavailable: 'Google Wallet ist auf diesem Server noch nicht eingerichtet. Bitte wenden Sie sich an Ihren Administrator.',
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
    appleMissing: 'Apple Wallet ist auf diesem Server noch nicht eingerichtet.',
    googleMissing: 'Google Wallet ist auf diesem Server noch nicht eingerichtet.',
    /** Admins only: where they see what is missing. */
    seeSystemStatus: 'Was fehlt, steht unter Systemstatus.',
    popupBlocked: 'Der Browser hat das neue Fenster blockiert. Bitte erlauben Sie Pop-ups für diese Seite.',
  },
  qr: walletQrTexts,
  overview: {
    qrWallet: 'QR-Codes für die Wallet',
  },
} as const;
