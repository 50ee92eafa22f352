// Views and saves (spec §2 Statistics for a person, Statistics overview; §9 constants).
export const statisticMessages = {
  errors: {
    disabled: 'Die Statistik ist für dieses Unternehmen nicht freigeschaltet.',
    companyNotFound: 'Konnte Unternehmen nicht laden',
  },
  ui: {
    overviewTitle: 'Statistik',
    personTitle: 'Übersicht - Statistik',
    /** Whose figures: 'Übersicht - Statistik: Anna Adler'. */
    personTitleOf: (name: string) => `Übersicht - Statistik: ${name}`,
    perCard: 'Aufrufe pro Visitenkarte',
    back: 'Zurück zur Statistik',
    totalViews: 'Aufrufe gesamt',
    year: 'Jahr',
    views: 'Aufrufe',
    saves: 'Gespeichert',
    viewsPerActiveCard: 'Aufrufe pro aktiver Karte',
    noActiveCards: '---',
    name: 'Name',
    total: 'Gesamt',
    companyChart: 'Alle Visitenkarten',
    noEntries: 'Noch keine Aufrufe',
    noCompany: 'Kein Unternehmen ausgewählt',
    logDelay: 'Aufrufe erscheinen mit der Verzögerung der Zugriffsprotokolle des CDN (meist innerhalb von ein bis zwei Stunden, höchstens einen Tag).',
    /** Screen-reader text of one bar. */
    barLabel: (month: string, views: number) => `${month}: ${views} Aufrufe`,
    chartLabel: (name: string) => `Aufrufe pro Monat der letzten 12 Monate: ${name}`,
    nav: 'Statistik',
  },
} as const;
