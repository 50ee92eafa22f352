// Data protection (DSGVO): a card holder's export (Art. 15) and erasure (Art. 17), the audit log,
// and the Impressum/Datenschutz warning of profiles.
export const privacyMessages = {
  errors: {
    /** The export or erasure of a card that is gone (erased or deleted). */
    cardNotFound: 'Visitenkarte nicht gefunden',
    /** The erasure's safety question must be answered with the card's id. */
    confirmMismatch: 'Bitte zur Bestätigung die ID der Visitenkarte eingeben.',
    date: 'Bitte ein Datum im Format JJJJ-MM-TT angeben.',
    dateOrder: 'Das Enddatum liegt vor dem Anfangsdatum.',
    companyRequired: 'Bitte ein Unternehmen wählen.',
  },
  /** The credit history entry of an erased card's activation keeps its amount, not the holder's name. */
  erasedCardInfotext: 'Aktivierung einer gelöschten Visitenkarte',
  export: {
    filePrefix: 'auskunft',
    readme: (o: { name: string; createdAt: string }) => [
      `Auskunft nach Art. 15 DSGVO: Visitenkarte von ${o.name}`,
      `Erstellt am ${o.createdAt}`,
      '',
      'Inhalt:',
      '- visitenkarte.json: alle gespeicherten Angaben der Visitenkarte, mit Profil und Unternehmen, zu denen sie gehört',
      '- visitenkarte.vcf: die Karte als vCard, wie Besucher sie speichern',
      '- bilder/: die hochgeladenen Bilder der Karte (Originale) und frühere, ersetzte Bilder',
      '- statistik.csv und statistik.json: Aufrufe und Speicherungen der Karte je Tag (Europe/Berlin)',
      '- wallet.json: wie viele Geräte die Karte in Apple Wallet registriert haben und ob ein Google-Wallet-Objekt besteht (keine Gerätekennungen)',
      '- kontakte.json: Kontakte, die Besucher über die Karte hinterlassen haben (falls vorhanden)',
      '- protokoll.csv: wer die Karte wann geändert hat (Änderungsprotokoll, nur Feldnamen)',
      '',
      'Nicht enthalten: Zugriffsprotokolle des CDN (sie enthalten keine Daten der Karteninhaberin bzw. des Karteninhabers und werden nach dem Zählen gelöscht), Sicherungen (sie laufen nach 35 Tagen ab).',
    ].join('\r\n'),
    statistics: { date: 'Datum', views: 'Aufrufe', saves: 'Speicherungen' },
  },
  audit: {
    sheet: 'Änderungsprotokoll',
    filePrefix: 'aenderungsprotokoll',
    columns: {
      at: 'Zeitpunkt', actor: 'Wer', role: 'Rolle', action: 'Aktion', objectType: 'Objekt', objectId: 'Objekt-ID',
      company: 'Unternehmen (ID)', fields: 'Geänderte Felder', detail: 'Details', route: 'Schnittstelle',
    },
    actions: {
      create: 'Angelegt', update: 'Geändert', delete: 'Gelöscht', activate: 'Aktiviert', deactivate: 'Deaktiviert',
      credit: 'Credit-Buchung', export: 'Datenexport (Art. 15)', erase: 'Gelöscht nach Art. 17', signIn: 'Anmeldung',
      signInFailed: 'Fehlgeschlagene Anmeldung', signOut: 'Abmeldung', upload: 'Bild hochgeladen', import: 'Import', write: 'Änderung',
    } as Record<string, string>,
    objectTypes: {
      person: 'Visitenkarte', profile: 'Profil', company: 'Unternehmen', user: 'Benutzer', credit: 'Credits', upload: 'Bild',
      group: 'Benutzergruppe', vcardCompany: 'Legacy-Unternehmen', vcardPerson: 'Legacy-Person', vcardSettings: 'Legacy-Einstellungen',
      session: 'Sitzung', tools: 'Werkzeuge', wallet: 'Wallet',
    } as Record<string, string>,
    roles: { admin: 'Administrator', user: 'Benutzer', system: 'System', directory: 'Verzeichnisdienst (SCIM)', unknown: 'unbekannt' } as Record<string, string>,
    unknownActor: 'unbekannt',
  },
  ui: {
    auditTitle: 'Änderungsprotokoll',
    auditNav: 'Änderungsprotokoll',
    auditIntro: 'Wer hat wann was geändert: jede Änderung durch Administratoren und Benutzer, mit den geänderten Feldern (ohne deren Inhalte). Einträge werden nach der Aufbewahrungsfrist automatisch gelöscht.',
    filterObject: 'Objekt-ID',
    filterActor: 'Person (Benutzername oder ID)',
    filterFrom: 'Von',
    filterTo: 'Bis',
    filterApply: 'Filtern',
    filterReset: 'Zurücksetzen',
    more: 'Weitere laden',
    empty: 'Keine Einträge für diese Auswahl.',
    privacyTitle: 'Datenschutz (DSGVO)',
    exportButton: 'Daten exportieren (Art. 15)',
    exportHint: 'Lädt alle gespeicherten Daten dieser Karte als ZIP-Datei herunter (Karte, vCard, Bilder, Statistik, Wallet-Registrierungen).',
    eraseButton: 'Endgültig löschen (Art. 17)',
    eraseHint: 'Entfernt die Karte mit Bildern, Statistik, Wallet-Pässen und Kontakten überall. Das lässt sich nicht rückgängig machen.',
    eraseQuestion: (name: string) => `Wollen Sie alle Daten von „${name}“ endgültig löschen? Karte, Bilder, Statistik, Wallet-Pässe und Kontakte werden entfernt; es bleibt nur ein Löschvermerk ohne persönliche Daten.`,
    eraseConfirmLabel: 'Zur Bestätigung die ID der Karte eingeben',
    erased: 'Alle Daten der Karte wurden gelöscht.',
    exportFailed: 'Der Datenexport ist fehlgeschlagen.',
    cardHistory: 'Änderungsprotokoll dieser Karte',
    cancel: 'Abbrechen',
  },
  legal: {
    /** Profile and card forms: a profile without Impressum or Datenschutz (spec: both links are profile fields). */
    missingBoth: 'Impressum und Datenschutzerklärung fehlen. Eine öffentliche Visitenkarte eines Unternehmens in Deutschland braucht beide (§ 5 DDG, Art. 13 DSGVO). Bitte tragen Sie die Links im Profil ein.',
    missingImprint: 'Das Impressum fehlt. Eine öffentliche Visitenkarte eines Unternehmens in Deutschland braucht es (§ 5 DDG). Bitte tragen Sie den Link im Profil ein.',
    missingPrivacy: 'Die Datenschutzerklärung fehlt. Eine öffentliche Visitenkarte braucht sie (Art. 13 DSGVO). Bitte tragen Sie den Link im Profil ein.',
  },
};
