// The one German message catalogue: server errors, validation texts and UI labels.
// Strings quoted in the product specification are kept exactly as written there.
import { backofficeMessages } from './messages/backoffice.ts';
import { cardMessages } from './messages/card.ts';
import { companyMessages } from './messages/company.ts';
import { creditMessages } from './messages/credit.ts';
import { personMessages } from './messages/person.ts';
import { profileMessages } from './messages/profile.ts';
import { shellMessages } from './messages/shell.ts';
import { statisticMessages } from './messages/statistic.ts';
import { uploadMessages } from './messages/upload.ts';
import { userMessages } from './messages/users.ts';
import { walletMessages } from './messages/wallet.ts';
import { vcardMessages } from './messages/vcard.ts';
import { toolsMessages } from './messages/tools.ts';
import { exportMessages } from './messages/export.ts';
import { systemMessages } from './messages/system.ts';
import { privacyMessages } from './messages/privacy.ts';

export const msg = {
  errors: {
    generic: 'Ein Fehler ist aufgetreten.',
    invalidInput: 'Im Formular sind Fehler vorhanden',
    invalidJson: 'Die Anfrage enthält kein gültiges JSON.',
    unauthenticated: 'Bitte melden Sie sich an.',
    sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    forbidden: 'Für diese Aktion fehlen Ihnen die Berechtigungen.',
    notFound: 'Nicht gefunden',
    routeNotFound: 'Diese Schnittstelle gibt es nicht.',
    conflict: 'Die Daten wurden inzwischen geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
    payloadTooLarge: 'Die Anfrage ist zu groß.',
    unsupportedType: 'Dieser Inhaltstyp wird nicht unterstützt.',
    jsonOnly: 'Bitte die Daten als JSON senden (Content-Type: application/json).',
    multipartOnly: 'Bitte die Daten als multipart/form-data senden.',
    throttledPassword: 'Zu viele falsche Passworteingaben. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    throttled: 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
    badCredentials: 'Benutzername oder Passwort ist falsch.',
    usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
    userNotFound: 'Konnte Benutzer nicht finden',
    groupNotFound: 'Diese Benutzergruppe gibt es nicht.',
    wrongCurrentPassword: 'Das aktuelle Passwort ist falsch.',
    ownPasswordViaAccount: 'Das eigene Passwort bitte unter „Konto“ ändern (mit dem aktuellen Passwort).',
    ownEmailViaAccount: 'Die eigene E-Mail-Adresse bitte unter „Konto“ ändern (mit dem aktuellen Passwort).',
    selfLockout: 'Sie können sich nicht selbst deaktivieren oder sich die Administratorrechte entziehen.',
    companiesLoad: 'Beim Laden der Unternehmen ist ein Fehler aufgetreten.',
    network: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung.',
  },
  validation: {
    required: 'Pflichtfeld',
    min2: 'Muss mindestens 2 Zeichen lang sein',
    /** Spec §5 says 8; ASVS L2 needs 12 (docs/decisions.md, issue 19). */
    passwordMin: 'Muss mindestens 12 Zeichen lang sein',
    passwordWeak: 'Dieses Passwort ist zu leicht zu erraten.',
    passwordHasAccount: 'Das Passwort darf weder den Benutzernamen noch den Namensteil der E-Mail-Adresse enthalten.',
    email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    passwordsDiffer: 'Passwörter stimmen nicht überein',
    tooLong: 'Dieser Text ist zu lang',
    // Fallbacks for checks without a message of their own (wrong types, unknown options, patterns).
    invalidType: 'Ungültiger Wert',
    invalidOption: 'Ungültige Auswahl',
    invalidFormat: 'Ungültiges Format',
    tooSmall: 'Wert ist zu klein oder zu kurz',
    tooBig: 'Wert ist zu groß oder zu lang',
    unknownField: 'Unbekanntes Feld',
    httpLink: 'Muss mit http:// oder https:// beginnen',
    pageLimit: (max: number) => `Bitte eine ganze Zahl von 1 bis ${max} angeben`,
    pageCursor: 'Ungültige Seitenangabe. Bitte laden Sie die Liste neu.',
    unsafeText: 'Enthält unzulässige Zeichen (Steuerzeichen oder ungültige Unicode-Zeichen)',
    username: 'Nur Buchstaben (a–z), Ziffern und . _ - @ erlaubt; am Anfang ein Buchstabe oder eine Ziffer',
  },
  ui: {
    notFound: 'Nicht gefunden',
    errorTitle: 'Fehler',
    loginTitle: 'Login',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Absenden',
    loginSuccessTitle: 'Login erfolgreich',
    loginSuccess: 'Sie haben sich erfolgreich eingeloggt',
    loading: 'Wird geladen …',
    /** Accessible name of a colour picker beside its text field: '<label> (Farbwähler)'. */
    colorPicker: 'Farbwähler',
  },
  backoffice: backofficeMessages,
  card: cardMessages,
  company: companyMessages,
  credit: creditMessages,
  person: personMessages,
  profile: profileMessages,
  upload: uploadMessages,
  shell: shellMessages,
  statistic: statisticMessages,
  users: userMessages,
  wallet: walletMessages,
  vcard: vcardMessages,
  tools: toolsMessages,
  exports: exportMessages,
  privacy: privacyMessages,
  system: systemMessages,
} as const;
