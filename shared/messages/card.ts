// The public card (spec §2 'Karte'), its vCard and QR code, and the profile's own CSS.
export const cardMessages = {
  notFound: 'Karte nicht gefunden',
  /** File name stem of a card without a name (vCard, QR code). */
  fallbackFileName: 'Visitenkarte',
  /** Prefix of the QR code's file name: 'QR-Code-Erika-Mustermann.svg'. */
  qrFilePrefix: 'QR-Code',
  /** E-mail signature and virtual background of a card (issue 28). */
  extras: {
    title: 'E-Mail-Signatur, Hintergrund und Kontakte',
    note: 'Aus der gespeicherten Karte: nach Änderungen erst speichern.',
    signature: 'E-Mail-Signatur',
    signatureHint: 'Für Outlook, Gmail und Apple Mail: kopieren und in den Signatur-Einstellungen einfügen, oder als Datei herunterladen.',
    copyHtml: 'Signatur kopieren',
    copyText: 'Als Text kopieren',
    downloadHtml: 'Signatur herunterladen (HTML)',
    downloadText: 'Als Text herunterladen',
    copied: 'Signatur wurde in die Zwischenablage kopiert',
    copyFailed: 'Kopieren ist in diesem Browser nicht möglich. Bitte die Signatur herunterladen.',
    preview: 'Vorschau der Signatur',
    background: 'Virtueller Hintergrund',
    backgroundHint: 'Ein Bild für Videokonferenzen (1920 × 1080 Pixel) mit Name, Position, Logo und QR-Code der Karte.',
    downloadBackground: 'Hintergrund herunterladen (PNG)',
    contacts: 'Kontakte dieser Karte',
    loading: 'Wird geladen …',
  },
  signature: {
    filePrefix: 'E-Mail-Signatur',
  },
  background: {
    filePrefix: 'Hintergrund',
    caption: 'Meine digitale Visitenkarte',
    captionEn: 'My digital business card',
  },
  css: {
    tooLarge: (maxKb: number) => `Das eigene CSS darf höchstens ${maxKb} KB groß sein.`,
    syntax: (line: number | undefined, reason: string) =>
      `Das eigene CSS enthält einen Fehler${line ? ` in Zeile ${line}` : ''}: ${reason}`,
    angleBracket: 'Das eigene CSS darf das Zeichen „<“ nicht enthalten.',
    importRule: '@import ist im eigenen CSS nicht erlaubt.',
    atRule: (name: string) => `@${name} ist im eigenen CSS nicht erlaubt.`,
    foreignUrl: 'Das eigene CSS darf nur eigene hochgeladene Bilder laden (Adressen, die mit /api/upload/ beginnen).',
    escapeOutsideString: 'Escape-Sequenzen (\\) sind in Werten des eigenen CSS nur innerhalb von Anführungszeichen erlaubt.',
    leadingCombinator: 'Ein Selektor darf nicht mit +, ~ oder > beginnen.',
    declarationOutsideRule: 'Eigenschaften müssen in einer Regel stehen (z. B. .name { color: red; }).',
    badString: (line: number) =>
      `Das eigene CSS enthält in Zeile ${line} eine Zeichenkette ohne schließendes Anführungszeichen (ein Zeilenumbruch in Anführungszeichen wird als \\A geschrieben).`,
    atRulePrelude: (name: string) => `Die Angaben hinter @${name} enthalten etwas, das im eigenen CSS nicht erlaubt ist.`,
    selector: (line: number, selector: string) => `Das eigene CSS enthält in Zeile ${line} einen nicht unterstützten Selektor „${selector}“.`,
    nestingOutsideRule: 'Das Zeichen & ist im eigenen CSS nur in verschachtelten Regeln erlaubt.',
    nestingInFunction: 'Das Zeichen & darf im eigenen CSS nicht in :is(), :not(), :where() oder :has() stehen.',
    nestedUnderRoot: 'Unter body, html und :root sind im eigenen CSS keine verschachtelten Regeln erlaubt; bitte als eigene Regel schreiben.',
    imageFunction: 'In image-set() und ähnlichen Bildfunktionen sind im eigenen CSS nur eigene hochgeladene Bilder erlaubt, keine Variablen oder anderen Funktionen.',
    tooManyUploads: (max: number) => `Das eigene CSS darf höchstens ${max} verschiedene Bilder laden.`,
    uploadNotOwned: 'Das eigene CSS lädt ein Bild, das nicht zu diesem Unternehmen gehört. Bitte das Bild hochladen und dessen Adresse verwenden.',
    ambiguous: 'Das eigene CSS lässt sich nicht eindeutig lesen (Browser könnten es anders verstehen). Bitte Kommentare zwischen Werten oder Selektoren entfernen.',
  },
} as const;
