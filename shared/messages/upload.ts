// Image uploads and the cropper. Strings quoted in the spec are kept exactly.
export const uploadMessages = {
  /** `{type}` is replaced by the detected or declared type. */
  unsupportedType: 'Dateityp "{type}" wird nicht unterstützt.',
  unknownType: 'unbekannt',
  tooLarge: 'Das Bild ist zu groß (höchstens {mb} MB).',
  tooManyPixels: 'Das Bild hat zu viele Pixel (höchstens {mp} Megapixel).',
  missingFile: 'Bitte ein Bild im Feld "image" senden.',
  notMultipart: 'Bitte das Bild als multipart/form-data senden.',
  notFound: 'Bild nicht gefunden',
  /** A chosen file that is not an upload of the company (another tenant's, or deleted meanwhile). */
  notOwned: 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.',
  loadFailed: 'Konnte Bild nicht laden.',
  /** The server decodes every upload completely; a cut-off or corrupt file ends here. */
  undecodable: 'Konnte Bild nicht laden: Die Datei ist beschädigt oder unvollständig. Bitte speichern Sie das Bild neu und laden Sie es erneut hoch.',
  /** A progressive JPEG split into very many scans: each costs a pass over the whole picture (a decoding bomb). */
  tooManyScans: 'Konnte Bild nicht laden: Das JPEG besteht aus mehr als {max} Teilbildern (Scans). Bitte speichern Sie das Bild neu (z. B. als normales JPEG) und laden Sie es erneut hoch.',
  ratio: "Bildratio muss '{ratio}' sein, war (w|h: {w}|{h}) '{actual}'",
  tooSmall: 'Der Ausschnitt muss mindestens {min} Pixel breit sein.',
  choose: 'Bild wählen',
  change: 'Bild ändern',
  remove: 'Bild entfernen',
  cropTitle: 'Bildausschnitt wählen',
  logoCropHint: 'Wählen Sie den Ausschnitt frei: Das Logo wird vollständig und mit transparentem Rand in das benötigte Format eingepasst.',
  save: 'Übernehmen',
  cancel: 'Abbrechen',
  uploading: 'Wird hochgeladen …',
  none: 'Kein Bild',
} as const;
