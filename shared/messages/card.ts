// The public card (spec §2 'Karte'), its vCard and QR code, and the profile's own CSS.
export const cardMessages = {
  notFound: 'Karte nicht gefunden',
  /** File name stem of a card without a name (vCard, QR code). */
  fallbackFileName: 'Visitenkarte',
  /** Prefix of the QR code's file name: 'QR-Code-Erika-Mustermann.svg'. */
  qrFilePrefix: 'QR-Code',
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
  },
} as const;
