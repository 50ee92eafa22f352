// Table exports (card holders, credit history, statistics) as CSV or XLSX.
export const exportMessages = {
  errors: {
    format: 'Bitte als Format „csv“ oder „xlsx“ angeben.',
  },
  ui: {
    /** What the buttons show; their accessible names say what and in which format (axe: the text must be part of it). */
    csv: 'CSV',
    xlsx: 'Excel (.xlsx)',
    /** Accessible name of a download button: what and in which format. */
    download: (what: string, format: string) => `${what} als ${format} herunterladen`,
    failed: 'Der Export ist fehlgeschlagen.',
  },
  creditHistory: {
    what: 'Credit-Verlauf',
    sheet: 'Credit-Verlauf',
    filePrefix: 'credits',
    date: 'Datum',
    credits: 'Credits',
    kind: 'Art',
    infotext: 'Infotext',
    createdBy: 'Gebucht von',
    card: 'Karte (ID)',
    kinds: { manual: 'Manuell', activation: 'Aktivierung', monthly: 'Monatliche Gebühr' },
  },
  creditStatistics: {
    what: 'Credit-Statistik',
    sheet: 'Credit-Statistik',
    filePrefix: 'credit-statistik',
    company: 'Unternehmen',
    companyId: 'Unternehmens-ID',
    month: 'Monat',
    added: 'Credits hinzugefügt',
    removed: 'Credits abgezogen',
    usedActivations: 'Verbraucht (Aktivierungen)',
    usedMonthly: 'Verbraucht (monatlich)',
    activations: 'Aktivierungen',
    balance: 'Kontostand',
    activeCards: 'Aktive Karten',
    total: 'Alle Unternehmen',
  },
  statistics: {
    what: 'Statistik',
    sheet: 'Statistik',
    filePrefix: 'statistik',
    lastname: 'Nachname',
    firstname: 'Vorname',
    id: 'ID',
    /** `Aufrufe 03.2026` for the month `2026-03`. */
    viewsIn: (month: string) => `Aufrufe ${month.slice(5, 7)}.${month.slice(0, 4)}`,
    savesIn: (month: string) => `Gespeichert ${month.slice(5, 7)}.${month.slice(0, 4)}`,
    totalViews: 'Aufrufe gesamt',
    totalSaves: 'Gespeichert gesamt',
    totalTaps: 'Klicks gesamt',
  },
} as const;
