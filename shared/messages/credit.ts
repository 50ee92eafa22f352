// Credits: balance, history, activation charges, the monthly booking and the admin screens.
const plural = (n: number) => (n === 1 ? '1 Credit' : `${n.toLocaleString('de-DE')} Credits`);

export const creditMessages = {
  credits: plural,
  errors: {
    /** 409 on an activation without enough credits; nothing was changed. */
    notEnoughForActivation: (missing: number, cost: number) =>
      `Nicht genügend Credits: Die Aktivierung kostet ${plural(cost)}, es fehlen noch ${plural(missing)}. Die Visitenkarte wurde nicht gespeichert. Bitte wenden Sie sich an Ihren Administrator, um Credits aufzuladen.`,
    /** 409 on a manual entry that would take the balance below 0. */
    belowZero: (balance: number) =>
      `Der Kontostand darf nicht unter 0 fallen: Es sind nur ${plural(balance)} vorhanden. Bitte einen kleineren Betrag abziehen.`,
    changedMeanwhile: 'Der Kontostand wurde inzwischen geändert. Bitte versuchen Sie es erneut.',
    companyNotFound: 'Konnte Unternehmen nicht laden',
    integer: 'Bitte eine ganze Zahl eingeben',
    notZero: 'Bitte eine Zahl ungleich 0 eingeben',
    tooLarge: 'Bitte höchstens 1.000.000 Credits auf einmal buchen',
    load: 'Konnte Credits nicht laden.',
  },
  infotext: {
    activation: (name: string) => `Aktivierung der Visitenkarte ${name}`,
    reactivation: (name: string) => `Erneute Aktivierung der Visitenkarte ${name} (bereits bezahlt)`,
    monthly: (month: string, activeCards: number, perCard: number) =>
      `Monatliche Gebühr ${month}: ${activeCards} aktive Visitenkarte${activeCards === 1 ? '' : 'n'} × ${plural(perCard)}`,
    monthlyShort: (due: number, booked: number) => ` (fällig ${plural(due)}, gebucht ${plural(booked)}: Guthaben reichte nicht)`,
  },
  kinds: { manual: 'Manuell', activation: 'Aktivierung', monthly: 'Monatlich' },
  system: 'System (monatliche Gebühr)',
  /** Who booked an admin's entry, as company users see it (no admin's name or id). */
  administrator: 'Administrator',
  /** Shown before an activation happens (card form and overview). */
  activationCost: (cost: number, balance: number) =>
    `Das Aktivieren einer Visitenkarte kostet ${plural(cost)} (aktueller Kontostand: ${plural(balance)}). Eine bereits einmal aktivierte Karte wird kostenlos wieder aktiviert.`,
  activationShort: 'Der Kontostand reicht für keine neue Aktivierung; Speichern als aktiv wird abgelehnt (außer die Karte war schon einmal aktiv).',
  activationBlocked: 'Aktivierung nicht möglich',
  /** Beside "Speichern" when this save switches a card on that was never paid for (issue 24). */
  activationNotice: (cost: number) => `Die Aktivierung kostet ${plural(cost)}`,
  /** After such a save, with the success toast. */
  activationCharged: (cost: number, balance: number) => `Die Aktivierung hat ${plural(cost)} gekostet (Kontostand jetzt: ${plural(balance)}).`,
  ui: {
    overviewTitle: 'Credits',
    detailTitle: (org: string) => `Credits – ${org}`,
    company: 'Unternehmen',
    credits: 'Credits',
    activeCards: 'Aktive Karten',
    inactiveCards: 'Inaktive Karten',
    remainingMonths: 'Restlaufzeit (Monate)',
    dangerHint: 'Keine Restlaufzeit mehr bei aktiven Karten',
    none: 'Keine Unternehmen vorhanden.',
    details: 'Details',
    tabEdit: 'Bearbeiten',
    tabHistory: 'Verlauf',
    balance: 'Kontostand',
    addTitle: 'Buchung hinzufügen',
    amount: 'Credits (positiv: aufladen, negativ: abziehen)',
    infotext: 'Infotext (optional)',
    infotextColumn: 'Infotext',
    save: 'Buchen',
    saved: 'Buchung wurde erfolgreich gespeichert',
    date: 'Datum',
    who: 'Von',
    kind: 'Art',
    card: 'Visitenkarte',
    openCard: 'Karte öffnen',
    noHistory: 'Noch keine Buchungen.',
    more: 'Weitere laden',
    back: 'Zurück zur Übersicht',
  },
  stats: {
    title: 'Statistik',
    activations: 'Aktivierungen',
    creditsUsed: 'Verbrauchte Credits',
    creditsAdded: 'Aufgeladene Credits',
    month: 'Monat',
    perCompany: 'Pro Unternehmen (letzte 12 Monate)',
    /** Under the credits used per company: how they split. */
    usedSplit: (activations: number, monthly: number) =>
      `davon ${activations.toLocaleString('de-DE')} für Aktivierungen, ${monthly.toLocaleString('de-DE')} monatlich`,
    total: 'Gesamt',
    chartLabel: (title: string) => `${title} der letzten 12 Monate`,
    barTitle: (month: string, value: number) => `${month}: ${value.toLocaleString('de-DE')}`,
  },
} as const;
