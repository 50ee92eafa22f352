// Texts of the shared back-office building blocks (web/src/data.tsx, form.tsx, list-screen.tsx).
export const backofficeMessages = {
  /** Browser tab: 'Visitenkarten – <screen>' (title of the route's `handle`). */
  tabTitle: (screen: string) => `Visitenkarten – ${screen}`,
  notFoundText: 'Diese Seite gibt es nicht (mehr). Vielleicht wurde sie gelöscht oder die Adresse ist falsch.',
  loadFailedTitle: 'Konnte nicht geladen werden',
  back: 'Zurück',
  toStart: 'Zur Startseite',
  unsavedTitle: 'Ungespeicherte Änderungen',
  unsavedText: 'Sie haben Änderungen, die noch nicht gespeichert sind. Wenn Sie die Seite verlassen, gehen sie verloren.',
  unsavedLeave: 'Verlassen',
  unsavedStay: 'Weiter bearbeiten',
  /** Header of a row-actions column (screen readers) and the text of a row's action menu button. */
  actions: 'Aktionen',
  actionsFor: (name: string) => `Aktionen für ${name}`,
  /** Beside an action that opens a new browser tab. */
  newTab: '(neuer Tab)',
  /** The column choice of a list. */
  columns: 'Spalten',
  columnsLegend: 'Angezeigte Spalten',
  count: (n: number) => `(${n.toLocaleString('de-DE')})`,
  sortBy: 'Sortieren nach',
  ascending: 'Aufsteigend sortiert (umkehren)',
  descending: 'Absteigend sortiert (umkehren)',
  titles: {
    cards: 'Visitenkarten',
    cardAdd: 'Visitenkarte anlegen',
    cardEdit: 'Visitenkarte bearbeiten',
    profiles: 'Profile',
    profileAdd: 'Profil anlegen',
    profileEdit: 'Profil bearbeiten',
    company: 'Unternehmen',
    companies: 'Unternehmen',
    companyAdd: 'Unternehmen anlegen',
    companyEdit: 'Unternehmen bearbeiten',
    users: 'Benutzer',
    userAdd: 'Benutzer anlegen',
    userEdit: 'Benutzer bearbeiten',
    account: 'Konto',
    credits: 'Credits',
    statistics: 'Statistik',
    notFound: 'Nicht gefunden',
  },
} as const;
